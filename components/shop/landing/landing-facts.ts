import "server-only";
import { env } from "@/lib/env";
import { FREE_SHIPPING_FROM_CENTS, SHIPPING_CENTS } from "@/lib/domain/pricing";
import type { MugDto } from "@/lib/schemas/catalog";

export interface LandingFacts {
  /** Lowest gross mug price in cents, null without mugs. */
  priceFromCents: number | null;
  /** True when the mugs have different prices ("from €…"). */
  pricesDiffer: boolean;
  shippingCents: number;
  freeShippingFromCents: number;
  deliveryDays: { min: number; max: number };
}

export function landingFacts(mugs: readonly MugDto[]): LandingFacts {
  const prices = mugs.map((m) => m.price.priceCents);
  const { DELIVERY_DAYS_MIN, DELIVERY_DAYS_MAX } = env();
  return {
    priceFromCents: prices.length > 0 ? Math.min(...prices) : null,
    pricesDiffer: new Set(prices).size > 1,
    shippingCents: SHIPPING_CENTS,
    freeShippingFromCents: FREE_SHIPPING_FROM_CENTS,
    deliveryDays: { min: Math.min(DELIVERY_DAYS_MIN, DELIVERY_DAYS_MAX), max: Math.max(DELIVERY_DAYS_MIN, DELIVERY_DAYS_MAX) },
  };
}
