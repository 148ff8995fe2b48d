import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { formatEuro } from "@/lib/format";
import Link from "next/link";
import { aiBudgetStatus } from "@/lib/services/ai-budget";
import { ownerTwoFactorWarning, TWO_FACTOR_PAGE } from "@/lib/services/two-factor";
import { dashboard } from "@/lib/services/dashboard";
import { dashboardQuery } from "@/lib/schemas/dashboard";
import { DashboardView } from "@/components/admin/dashboard/dashboard-view";
import { firstParam, type SearchParamsRecord } from "@/components/ui/list/href";

export default async function AdminHome({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const [session, t, locale, budget, params] = await Promise.all([
    requireBackOffice(null),
    getTranslations("admin.dashboard"),
    getLocale(),
    aiBudgetStatus(),
    searchParams,
  ]);
  const parsed = dashboardQuery.safeParse({ from: firstParam(params.from), to: firstParam(params.to), preset: firstParam(params.preset) });
  const [data, warnTwoFactor, tf] = await Promise.all([
    dashboard(parsed.success ? parsed.data : {}, locale === "de" ? "de" : "en"),
    ownerTwoFactorWarning(session.user.id, session.roles),
    getTranslations("twoFactor"),
  ]);
  const name = [session.user.firstName, session.user.lastName].filter(Boolean).join(" ") || session.user.email;
  const euro = (cents: number) => formatEuro(Math.round(cents), locale);
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-stone-600">{t("welcome", { name })}</p>
      </div>
      {warnTwoFactor && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="two-factor-warning">
          {tf("dashboardWarning")}{" "}
          <Link href={TWO_FACTOR_PAGE} className="font-medium underline">
            {tf("dashboardWarningLink")}
          </Link>
        </p>
      )}
      {budget.exhausted && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="ai-budget-exhausted">
          {t("aiBudgetExhausted", { refused: Math.max(budget.hour.refused, budget.day.refused) })}
        </p>
      )}
      <p className="text-sm text-stone-600" data-testid="ai-budget">
        {t("aiBudget", {
          hourSpent: euro(budget.hour.spentCents),
          hourLimit: euro(budget.hour.limitCents),
          daySpent: euro(budget.day.spentCents),
          dayLimit: euro(budget.day.limitCents),
        })}
      </p>
      {!parsed.success && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t("periodInvalid")}
        </p>
      )}
      <DashboardView data={data} searchParams={params} sort={firstParam(params.sort) ?? "-revenueCents"} />
    </section>
  );
}
