import {
  chargedLine,
  divideRoundHalfUp,
  orderTotals,
  splitProportionally,
  type Destination,
  type OrderTotals,
  type TotalsLine,
} from "./pricing";

/** Repeated here: the browser never loads the database schema. */
export const DISCOUNT_KINDS = ["percent", "fixed"] as const;

export type DiscountTerms = { kind: "percent"; percent: number } | { kind: "fixed"; amountCents: number };

/** "unknown" answers every code a stranger may not learn about. */
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
  goodsCents: number;
  usedCount: number;
  usedByCustomer: number;
  usedByAccount: number;
}

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

export function discountCentsOf(terms: DiscountTerms, goodsCents: number): number {
  if (goodsCents <= 0) return 0;
  const cents = terms.kind === "percent" ? divideRoundHalfUp(goodsCents * terms.percent, 100) : terms.amountCents;
  return Math.max(0, Math.min(cents, goodsCents));
}

export interface DiscountedTotals {
  totals: OrderTotals;
  lineDiscountCents: number[];
  /** Unit price and rate as charged at the destination, in the order of the lines given. */
  chargedLines: TotalsLine[];
}

export function discountedTotals(
  lines: readonly TotalsLine[],
  destination: Destination,
  shippingVatPercent: number,
  terms: DiscountTerms | null,
): DiscountedTotals {
  // A tax-free destination pays net prices, and the discount applies to those.
  const chargedLines = lines.map((l) => chargedLine(l, destination.tax));
  const gross = chargedLines.map((l) => l.unitPriceCents * l.quantity);
  const amount = terms
    ? discountCentsOf(
        terms,
        gross.reduce((s, g) => s + g, 0),
      )
    : 0;
  const lineDiscountCents = splitProportionally(amount, gross);
  return { totals: orderTotals(chargedLines, destination, shippingVatPercent, lineDiscountCents), lineDiscountCents, chargedLines };
}
