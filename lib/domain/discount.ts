/** Pure and browser-safe: what a discount code takes off a cart, and whether it may. */
import { divideRoundHalfUp, orderTotals, splitProportionally, type OrderTotals, type TotalsLine } from "./pricing";

/** As db/schema/discounts.ts stores them (repeated here: the browser never loads the database schema). */
export const DISCOUNT_KINDS = ["percent", "fixed"] as const;

export type DiscountTerms = { kind: "percent"; percent: number } | { kind: "fixed"; amountCents: number };

/**
 * Why an entered code does not apply; each has its own message (errors.discount.*). "unknown" is the one
 * answer for every code a stranger may not learn about (none, inactive, not yet valid, used by someone else's email).
 */
export const DISCOUNT_REASONS = ["unknown", "expired", "usedUp", "usedUpByCustomer", "belowMinimum"] as const;
export type DiscountReason = (typeof DISCOUNT_REASONS)[number];

export interface DiscountRules {
  active: boolean;
  validFrom: Date | null;
  validTo: Date | null;
  minOrderCents: number;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
}

export interface DiscountUse {
  now: Date;
  /** Gross goods of the cart before the discount. */
  goodsCents: number;
  /** Uses counted against the code, without the customer's own order that is being placed again. */
  usedCount: number;
  /** Uses by the same customer (account, its email, the shipping address), likewise. */
  usedByCustomer: number;
  /** Of those, the uses this account may be told about: its own orders and those of its email once verified. */
  usedByAccount: number;
}

/** The first rule the use breaks, or null when the code applies. */
export function discountProblem(rules: DiscountRules, use: DiscountUse): DiscountReason | null {
  if (!rules.active) return "unknown";
  if (rules.validFrom && use.now < rules.validFrom) return "unknown";
  if (rules.validTo && use.now >= rules.validTo) return "expired";
  if (rules.maxUses !== null && use.usedCount >= rules.maxUses) return "usedUp";
  if (rules.maxUsesPerCustomer !== null && use.usedByCustomer >= rules.maxUsesPerCustomer)
    return use.usedByAccount >= rules.maxUsesPerCustomer ? "usedUpByCustomer" : "unknown";
  if (use.goodsCents < rules.minOrderCents) return "belowMinimum";
  return null;
}

/** Gross cents off the goods: a percentage rounded half up, a fixed amount at most the goods' value. */
export function discountCentsOf(terms: DiscountTerms, goodsCents: number): number {
  if (goodsCents <= 0) return 0;
  const cents = terms.kind === "percent" ? divideRoundHalfUp(goodsCents * terms.percent, 100) : terms.amountCents;
  return Math.max(0, Math.min(cents, goodsCents));
}

export interface DiscountedTotals {
  totals: OrderTotals;
  /** Each line's share of the discount, in the order of the lines; they sum to totals.discountCents. */
  lineDiscountCents: number[];
}

/**
 * The discount split over the lines in proportion to their gross totals (largest remainder, so the shares
 * sum exactly), then the totals with each line's VAT taken from its discounted gross. Shipping is never discounted.
 */
export function discountedTotals(lines: readonly TotalsLine[], shippingVatPercent: number, terms: DiscountTerms | null): DiscountedTotals {
  const gross = lines.map((l) => l.unitPriceCents * l.quantity);
  const amount = terms
    ? discountCentsOf(
        terms,
        gross.reduce((s, g) => s + g, 0),
      )
    : 0;
  const lineDiscountCents = splitProportionally(amount, gross);
  return { totals: orderTotals(lines, shippingVatPercent, lineDiscountCents), lineDiscountCents };
}
