import { divideRoundHalfUp, vatInGross } from "./pricing";

/** The part of a discount code that decides the amount. */
export interface DiscountRule {
  kind: "percent" | "fixed";
  percent: number | null;
  amountCents: number | null;
}

/** What makes a code unusable for a cart, each with its own message for the customer. */
export type DiscountRefusal = "unknown" | "notYetValid" | "expired" | "usedUp" | "belowMinimum";

export interface DiscountLimits {
  active: boolean;
  validFrom: Date | null;
  validTo: Date | null;
  minOrderCents: number;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  usedCount: number;
}

/** Why the code cannot be used now, or null; uses counts the customer's own redemptions. */
export function discountRefusal(code: DiscountLimits, at: { now: Date; goodsCents: number; customerUses: number }): DiscountRefusal | null {
  if (!code.active) return "unknown";
  if (code.validFrom && at.now < code.validFrom) return "notYetValid";
  if (code.validTo && at.now >= code.validTo) return "expired";
  if (code.maxUses !== null && code.usedCount >= code.maxUses) return "usedUp";
  if (code.maxUsesPerCustomer !== null && at.customerUses >= code.maxUsesPerCustomer) return "usedUp";
  if (at.goodsCents < code.minOrderCents) return "belowMinimum";
  return null;
}

/** Gross cents off the goods (never shipping): a percentage rounded half up, or the fixed amount up to the goods' value. */
export function discountAmount(rule: DiscountRule, goodsCents: number): number {
  if (goodsCents <= 0) return 0;
  if (rule.kind === "percent") return divideRoundHalfUp(goodsCents * Math.min(100, Math.max(0, rule.percent ?? 0)), 100);
  return Math.min(goodsCents, Math.max(0, rule.amountCents ?? 0));
}

/**
 * The discount shared over the lines in proportion to their gross totals, by largest remainder: the shares
 * add up to the discount exactly and no line gives more than it costs.
 */
export function splitDiscount(lineTotals: readonly number[], discountCents: number): number[] {
  const goods = lineTotals.reduce((sum, t) => sum + t, 0);
  if (goods <= 0 || discountCents <= 0) return lineTotals.map(() => 0);
  const amount = Math.min(discountCents, goods);
  const exact = lineTotals.map((t) => (t * amount) / goods);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    if ((shares[i] ?? 0) < (lineTotals[i] ?? 0)) {
      shares[i] = (shares[i] ?? 0) + 1;
      left--;
    }
  }
  return shares;
}

export interface RateTotal {
  vatPercent: number;
  grossCents: number;
  vatCents: number;
  netCents: number;
}

/** VAT per rate of discounted lines: each rate's VAT is taken from its gross after the discount, so the invoice adds up to the cent. */
export function vatByRate(lines: readonly { totalCents: number; discountCents: number; vatPercent: number }[]): RateTotal[] {
  const gross = new Map<number, number>();
  for (const l of lines) gross.set(l.vatPercent, (gross.get(l.vatPercent) ?? 0) + l.totalCents - l.discountCents);
  return [...gross.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatPercent, grossCents]) => {
      const vatCents = vatInGross(grossCents, vatPercent);
      return { vatPercent, grossCents, vatCents, netCents: grossCents - vatCents };
    });
}
