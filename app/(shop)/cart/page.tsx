import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { cartQueryData } from "@/lib/api-client/cart";
import { refreshCartPrices } from "@/lib/services/cart";
import { AccountPage } from "@/components/shop/account-page";
import { CartView } from "@/components/shop/cart/cart-view";
import { Prefetched } from "@/components/prefetched";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("cart"))("title") };
}

export default async function CartPage() {
  const session = await requireRoles(["customer", "guest", "admin"]);
  const [t, locale] = await Promise.all([getTranslations("cart"), getLocale()]);
  const cart = await refreshCartPrices(session, shopLocale(locale));
  return (
    <AccountPage title={t("title")}>
      <Prefetched data={cartQueryData(cart)}>
        <CartView serverRendered />
      </Prefetched>
    </AccountPage>
  );
}
