/** Shipping by destination: pure, so the browser shows the same price the server charges. */
import { OTHER_EU_COUNTRIES, taxTreatment, type TaxSituation, type TaxTreatment } from "./destination-tax";

export interface ShippingRate {
  priceCents: number;
  extraItemCents: number;
  freeFromCents: number | null;
}

export interface ShippingZone extends ShippingRate {
  name: string;
  countries: string[];
}

/** Where an order goes, what shipping there costs and which VAT it owes. */
export interface Destination {
  country: string;
  shipping: ShippingRate;
  tax: TaxTreatment;
}

/** What decides the tax besides the country: the owner's OSS switch and, for a business, its VAT ID. */
export type TaxContext = Omit<TaxSituation, "country">;

/** What a new shop (and the demo) starts with. */
export const DEFAULT_SHIPPING_ZONES: readonly ShippingZone[] = [
  { name: "Deutschland", countries: ["DE"], priceCents: 490, extraItemCents: 0, freeFromCents: 5000 },
  { name: "EU", countries: [...OTHER_EU_COUNTRIES], priceCents: 990, extraItemCents: 0, freeFromCents: null },
  { name: "Schweiz, UK, USA", countries: ["CH", "GB", "US"], priceCents: 1990, extraItemCents: 0, freeFromCents: null },
];

/**
 * `items` is the number of pieces (the sum of quantities): two of one mug cost as much to pack as two mugs.
 * `goodsCents` is after any discount, so a code never buys free shipping.
 */
export function shippingCentsFor(rate: ShippingRate, goodsCents: number, items: number): number {
  if (items <= 0) return 0;
  if (rate.freeFromCents !== null && goodsCents >= rate.freeFromCents) return 0;
  return rate.priceCents + rate.extraItemCents * (items - 1);
}

export function zoneFor<Z extends ShippingZone>(zones: readonly Z[], country: string): Z | null {
  const code = country.trim().toUpperCase();
  return zones.find((z) => z.countries.includes(code)) ?? null;
}

/** The "from" price the landing and the editor show: one piece to the cheapest zone. */
export function cheapestShipping(zones: readonly ShippingZone[]): ShippingZone | null {
  return zones.reduce<ShippingZone | null>((best, z) => (best === null || z.priceCents < best.priceCents ? z : best), null);
}

/** Without a chosen country the cart is priced for the first zone's first country, the shop's home market. */
export function homeDestination(zones: readonly ShippingZone[], context: TaxContext): Destination | null {
  const zone = zones.find((z) => z.countries.length > 0);
  const country = zone?.countries[0];
  return zone && country ? { country, shipping: rateOf(zone), tax: taxTreatment({ ...context, country }) } : null;
}

export function destinationIn(zones: readonly ShippingZone[], country: string, context: TaxContext): Destination | null {
  const zone = zoneFor(zones, country);
  const code = country.trim().toUpperCase();
  return zone ? { country: code, shipping: rateOf(zone), tax: taxTreatment({ ...context, country: code }) } : null;
}

const rateOf = (z: ShippingRate): ShippingRate => ({
  priceCents: z.priceCents,
  extraItemCents: z.extraItemCents,
  freeFromCents: z.freeFromCents,
});
