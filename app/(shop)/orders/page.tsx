import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { AccountPage } from "@/components/shop/account-page";
import { OrdersList } from "@/components/shop/orders/orders-list";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("myOrdersTitle") };
}

export default async function OrdersPage() {
  await requireRoles(["customer", "guest", "admin"]);
  const t = await getTranslations("account");
  return (
    <AccountPage title={t("myOrdersTitle")}>
      <OrdersList />
    </AccountPage>
  );
}
