import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { accountQuery } from "@/lib/api-client/account";
import { getAccount } from "@/lib/services/account";
import { AccountPage } from "@/components/shop/account-page";
import { AccountView } from "@/components/shop/account/account-view";
import { Prefetched } from "@/components/prefetched";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("title") };
}

export default async function AccountRoutePage() {
  const session = await requireRoles(["customer", "guest", "admin", "staff"]);
  const [t, locale] = await Promise.all([getTranslations("account"), getLocale()]);
  const account = await getAccount(session.user.id, shopLocale(locale));
  return (
    <AccountPage title={t("title")}>
      <Prefetched data={[[accountQuery.queryKey, account]]}>
        <AccountView />
      </Prefetched>
    </AccountPage>
  );
}
