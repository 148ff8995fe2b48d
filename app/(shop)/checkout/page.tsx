import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { cartQueryData } from "@/lib/api-client/cart";
import { countriesQuery } from "@/lib/api-client/countries";
import { paymentKeys } from "@/lib/api-client/orders";
import { paymentConfig } from "@/lib/integrations/payments";
import { refreshCartPrices } from "@/lib/services/cart";
import { listCountries } from "@/lib/services/catalog";
import { AccountPage } from "@/components/shop/account-page";
import { Prefetched } from "@/components/prefetched";
import { CheckoutView } from "@/components/shop/checkout/checkout-view";
import { LazyRetryPayment } from "@/components/shop/checkout/lazy-retry-payment";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("checkout"))("title") };
}

function orderIdParam(value: string | string[] | undefined): string | null {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
}

/** Undefined when the configuration is missing: the browser then explains why. */
function configOrNothing() {
  try {
    return paymentConfig();
  } catch {
    return undefined;
  }
}

export default async function CheckoutPage({ searchParams }: { searchParams: Promise<{ orderId?: string | string[] }> }) {
  const session = await requireRoles(["customer", "guest", "admin"]);
  const [t, { orderId }, localeValue] = await Promise.all([getTranslations("checkout"), searchParams, getLocale()]);
  const retryId = orderIdParam(orderId);
  if (retryId) {
    return (
      <AccountPage title={t("retryTitle")}>
        <LazyRetryPayment orderId={retryId} />
      </AccountPage>
    );
  }
  const locale = shopLocale(localeValue);
  const [cart, countries] = await Promise.all([refreshCartPrices(session, locale), listCountries(locale)]);
  const { email, firstName, lastName, phone } = session.user;
  return (
    <AccountPage title={t("title")}>
      <Prefetched data={[...cartQueryData(cart), [countriesQuery(locale).queryKey, countries], [paymentKeys.config, configOrNothing()]]}>
        <CheckoutView user={{ email, firstName, lastName, phone }} serverRendered />
      </Prefetched>
    </AccountPage>
  );
}
