/** Shipping by destination: pure, so the browser shows the same price the server charges. */

export interface ShippingRate {
  priceCents: number;
  extraItemCents: number;
  freeFromCents: number | null;
}

export interface ShippingZone extends ShippingRate {
  name: string;
  countries: string[];
}

/** Where an order goes and what shipping there costs; the VAT of the destination will join it. */
export interface Destination {
  country: string;
  shipping: ShippingRate;
}

export const EU_COUNTRY_CODES = [
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
  "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
] as const; // prettier-ignore

/** What a new shop (and the demo) starts with. */
export const DEFAULT_SHIPPING_ZONES: readonly ShippingZone[] = [
  { name: "Deutschland", countries: ["DE"], priceCents: 490, extraItemCents: 0, freeFromCents: 5000 },
  { name: "EU", countries: EU_COUNTRY_CODES.filter((c) => c !== "DE"), priceCents: 990, extraItemCents: 0, freeFromCents: null },
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
export function homeDestination(zones: readonly ShippingZone[]): Destination | null {
  const zone = zones.find((z) => z.countries.length > 0);
  const country = zone?.countries[0];
  return zone && country ? { country, shipping: rateOf(zone) } : null;
}

export function destinationIn(zones: readonly ShippingZone[], country: string): Destination | null {
  const zone = zoneFor(zones, country);
  return zone ? { country: country.trim().toUpperCase(), shipping: rateOf(zone) } : null;
}

const rateOf = (z: ShippingRate): ShippingRate => ({
  priceCents: z.priceCents,
  extraItemCents: z.extraItemCents,
  freeFromCents: z.freeFromCents,
});
