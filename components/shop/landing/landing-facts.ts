import "server-only";
import { env } from "@/lib/env";
import { cheapestShipping, type ShippingZone } from "@/lib/domain/shipping";
import type { MugDto } from "@/lib/schemas/catalog";

export interface LandingFacts {
  /** Lowest gross mug price in cents, null without mugs. */
  priceFromCents: number | null;
  /** True when the mugs have different prices ("from €…"). */
  pricesDiffer: boolean;
  /** One piece to the cheapest zone; null when the shop ships nowhere. */
  shippingFromCents: number | null;
  deliveryDays: { min: number; max: number };
}

export function landingFacts(mugs: readonly MugDto[], zones: readonly ShippingZone[]): LandingFacts {
  const prices = mugs.map((m) => m.price.priceCents);
  const { DELIVERY_DAYS_MIN, DELIVERY_DAYS_MAX } = env();
  return {
    priceFromCents: prices.length > 0 ? Math.min(...prices) : null,
    pricesDiffer: new Set(prices).size > 1,
    shippingFromCents: cheapestShipping(zones)?.priceCents ?? null,
    deliveryDays: { min: Math.min(DELIVERY_DAYS_MIN, DELIVERY_DAYS_MAX), max: Math.max(DELIVERY_DAYS_MIN, DELIVERY_DAYS_MAX) },
  };
}
