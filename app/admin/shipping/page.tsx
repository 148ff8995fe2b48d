import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { getShippingSettings, knownCountries } from "@/lib/services/shipping";
import { ShippingForm } from "@/components/admin/shipping/shipping-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shippingSettings"))("title") };
}

export default async function ShippingSettingsPage() {
  await requireBackOffice(null);
  const locale = shopLocale(await getLocale());
  const [t, settings, countries] = await Promise.all([getTranslations("shippingSettings"), getShippingSettings(), knownCountries(locale)]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="max-w-3xl text-stone-700">{t("intro")}</p>
      <ShippingForm settings={settings} countries={countries} />
    </section>
  );
}
