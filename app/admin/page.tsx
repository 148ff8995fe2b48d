import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { formatEuro } from "@/lib/format";
import { aiBudgetStatus } from "@/lib/services/ai-budget";

export default async function AdminHome() {
  const [session, t, locale, budget] = await Promise.all([
    requireRoles(["admin"]),
    getTranslations("admin.dashboard"),
    getLocale(),
    aiBudgetStatus(),
  ]);
  const name = [session.user.firstName, session.user.lastName].filter(Boolean).join(" ") || session.user.email;
  const euro = (cents: number) => formatEuro(Math.round(cents), locale);
  return (
    <section className="card">
      <h1 className="mb-2 text-2xl font-semibold">{t("welcome", { name })}</h1>
      <p className="text-stone-600">{t("intro")}</p>
      {budget.exhausted && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
          data-testid="ai-budget-exhausted"
        >
          {t("aiBudgetExhausted", { refused: Math.max(budget.hour.refused, budget.day.refused) })}
        </p>
      )}
      <p className="mt-4 text-sm text-stone-600" data-testid="ai-budget">
        {t("aiBudget", {
          hourSpent: euro(budget.hour.spentCents),
          hourLimit: euro(budget.hour.limitCents),
          daySpent: euro(budget.day.spentCents),
          dayLimit: euro(budget.day.limitCents),
        })}
      </p>
    </section>
  );
}
