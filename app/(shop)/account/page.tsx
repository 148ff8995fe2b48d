import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { AccountPage } from "@/components/shop/account-page";
import { AccountView } from "@/components/shop/account/account-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("title") };
}

// /account – the signed-in user's data, addresses used before, change password (read in the browser through /api/user/account)
export default async function AccountRoutePage() {
  await requireRoles(["customer", "guest", "admin"]);
  const t = await getTranslations("account");
  return (
    <AccountPage title={t("title")}>
      <AccountView />
    </AccountPage>
  );
}
