import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { AccountPage } from "@/components/shop/account-page";
import { CartView } from "@/components/shop/cart/cart-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("cart"))("title") };
}

// /cart – the user's cart, read and changed in the browser through /api/user/cart (prices refreshed on arrival)
export default async function CartPage() {
  await requireRoles(["customer", "guest", "admin"]);
  const t = await getTranslations("cart");
  return (
    <AccountPage title={t("title")}>
      <CartView />
    </AccountPage>
  );
}
