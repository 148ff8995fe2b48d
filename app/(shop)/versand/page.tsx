import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { shopLocale } from "@/lib/i18n/config";
import { env } from "@/lib/env";
import { listCountries } from "@/lib/services/catalog";
import { listShippingZones } from "@/lib/services/shipping";
import { ShippingRates } from "@/components/shop/legal/shipping-rates";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shippingPage"))("title") };
}

export default async function ShippingPage() {
  const locale = shopLocale(await getLocale());
  const [zones, countries] = await Promise.all([listShippingZones(), listCountries(locale)]);
  const { DELIVERY_DAYS_MIN: a, DELIVERY_DAYS_MAX: b } = env();
  return <ShippingRates zones={zones} countries={countries} deliveryDays={{ min: Math.min(a, b), max: Math.max(a, b) }} locale={locale} />;
}
