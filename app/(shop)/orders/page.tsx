import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { AccountPage } from "@/components/shop/account-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("myOrdersTitle") };
}

// The order list arrives with checkout; until then no order can exist.
export default async function OrdersPage() {
  await requireRoles(["customer", "guest", "admin"]);
  const t = await getTranslations("account");
  return (
    <AccountPage title={t("myOrdersTitle")}>
      <p className="card text-stone-600">{t("noOrders")}</p>
    </AccountPage>
  );
}
