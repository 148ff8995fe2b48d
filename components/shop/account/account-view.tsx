"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { accountQuery } from "@/lib/api-client/account";
import { LoadFailed, LoadingNote } from "@/components/ui/query-state";
import { useLogout } from "@/components/use-logout";
import { AccountAddresses } from "./account-addresses";
import { AccountDataForm } from "./account-data-form";
import { AccountPrivacy } from "./account-privacy";
import { ChangePasswordForm, SetPasswordLink } from "./change-password-form";

export function AccountView() {
  const t = useTranslations("account");
  const tc = useTranslations("common");
  const tn = useTranslations("nav");
  const account = useQuery(accountQuery);
  const onLogout = useLogout();

  if (account.isPending) return <LoadingNote label={tc("loading")} />;
  if (account.isError) return <LoadFailed message={t("loadError")} retryLabel={t("retry")} onRetry={() => void account.refetch()} />;
  const { user, hasPassword, addresses } = account.data;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <section aria-labelledby="account-data" className="card">
          <h2 id="account-data" className="mb-4 text-lg font-semibold">
            {t("dataTitle")}
          </h2>
          <AccountDataForm user={user} />
        </section>
        <section aria-labelledby="account-password" className="card">
          <h2 id="account-password" className="mb-4 text-lg font-semibold">
            {hasPassword ? t("passwordTitle") : t("noPasswordTitle")}
          </h2>
          {hasPassword ? <ChangePasswordForm /> : <SetPasswordLink email={user.email} />}
        </section>
      </div>
      <div className="space-y-6">
        <section aria-labelledby="account-addresses" className="card">
          <h2 id="account-addresses" className="mb-4 text-lg font-semibold">
            {t("addressesTitle")}
          </h2>
          <AccountAddresses addresses={addresses} />
        </section>
        <section aria-labelledby="account-more" className="card">
          <h2 id="account-more" className="mb-4 text-lg font-semibold">
            {t("linksTitle")}
          </h2>
          <div className="flex flex-wrap gap-3">
            <Link href="/orders" className="btn-secondary">
              {tn("myOrders")}
            </Link>
            <Link href="/my-images" className="btn-secondary">
              {tn("myImages")}
            </Link>
            <button type="button" className="btn-secondary" onClick={onLogout} data-testid="account-sign-out">
              {t("signOut")}
            </button>
          </div>
        </section>
        <section aria-labelledby="account-privacy" className="card">
          <h2 id="account-privacy" className="mb-4 text-lg font-semibold">
            {t("privacyTitle")}
          </h2>
          <AccountPrivacy hasPassword={hasPassword} />
        </section>
      </div>
    </div>
  );
}
