import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import { formatEuro } from "@/lib/format";
import type { ShippingZone } from "@/lib/domain/shipping";
import type { CountryDto } from "@/lib/schemas/catalog";

/** Generated from the zones, so the page never promises other prices than checkout charges. */
export async function ShippingRates({
  zones,
  countries,
  deliveryDays,
  locale,
}: {
  zones: readonly ShippingZone[];
  countries: readonly CountryDto[];
  deliveryDays: { min: number; max: number };
  locale: Locale;
}) {
  const t = await getTranslations({ locale, namespace: "shippingPage" });
  const euro = (cents: number) => formatEuro(cents, locale);
  const nameOf = new Map(countries.map((c) => [c.code, c.name]));
  const order = new Map(countries.map((c, i) => [c.code, i]));
  const names = (codes: readonly string[]) =>
    [...codes].sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999)).map((c) => nameOf.get(c) ?? c);
  return (
    <article className="mx-auto max-w-3xl space-y-6 text-stone-800" data-testid="shipping-page">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <div className="card space-y-6 leading-relaxed">
        <p>{zones.length > 0 ? t("intro") : t("none")}</p>
        {zones.map((zone) => (
          <section key={zone.name} className="space-y-2" data-testid="shipping-zone">
            <h2 className="text-lg font-semibold">{zone.name}</h2>
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
              <dt className="font-medium">{t("countries")}</dt>
              <dd data-testid="shipping-zone-countries">{names(zone.countries).join(", ")}</dd>
              <dt className="font-medium">{t("price")}</dt>
              <dd data-testid="shipping-zone-price">{t("priceValue", { price: euro(zone.priceCents) })}</dd>
              {zone.extraItemCents > 0 && (
                <>
                  <dt className="font-medium">{t("extraItem")}</dt>
                  <dd>{t("extraItemValue", { price: euro(zone.extraItemCents) })}</dd>
                </>
              )}
              {zone.freeFromCents !== null && (
                <>
                  <dt className="font-medium">{t("freeFrom")}</dt>
                  <dd>{t("freeFromValue", { price: euro(zone.freeFromCents) })}</dd>
                </>
              )}
            </dl>
          </section>
        ))}
        <p>{t("delivery", deliveryDays)}</p>
      </div>
    </article>
  );
}
