import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { isOwner } from "@/lib/domain/permissions";
import { getSecurityPolicy, twoFactorOverview, twoFactorSetupBlocks } from "@/lib/services/two-factor";
import { TwoFactorPanel } from "@/components/admin/security/two-factor-panel";
import { StaffPolicyForm } from "@/components/admin/security/staff-policy-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("twoFactor"))("title") };
}

export default async function SecurityPage({ searchParams }: { searchParams: Promise<{ setup?: string | string[] }> }) {
  const session = await requireBackOffice("account");
  const [t, locale, overview, policy, held, params] = await Promise.all([
    getTranslations("twoFactor"),
    getLocale(),
    twoFactorOverview(session.user.id),
    getSecurityPolicy(),
    twoFactorSetupBlocks(session.user.id, session.roles),
    searchParams,
  ]);
  const suggested = params.setup === "suggested" && !overview.enabledAt;
  const enabledAt = overview.enabledAt
    ? new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "long" }).format(overview.enabledAt)
    : null;
  return (
    <section className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="text-stone-700">{t("intro")}</p>
      {held && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="two-factor-required">
          {t("requiredNotice")}
        </p>
      )}
      {suggested && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
          data-testid="two-factor-suggested"
        >
          <p className="flex-1">{t("suggestedNotice")}</p>
          <Link href="/admin" className="btn-secondary" data-testid="two-factor-skip">
            {t("skip")}
          </Link>
        </div>
      )}
      <TwoFactorPanel enabledAt={enabledAt} recoveryCodesLeft={overview.recoveryCodesLeft} />
      {isOwner(session.roles) && <StaffPolicyForm requireTwoFactorForStaff={policy.requireTwoFactorForStaff} />}
    </section>
  );
}
