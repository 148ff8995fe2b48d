/** An order's VAT per rate, shipping included: the taxes add up to the order's tax, net + tax to its total. */
import { vatInGross } from "./pricing";

export interface TaxLine {
  ratePercent: number;
  netCents: number;
  taxCents: number;
}

export interface TaxedOrder {
  shippingCents: number;
  shippingVatPercent: number | null;
  taxCents: number;
}

export interface TaxedItem {
  totalCents: number;
  discountCents: number;
  vatPercent: number;
}

/** Items at their own rate from their discounted gross (as priced); shipping takes what the order's tax leaves. */
export function taxLinesOf(order: TaxedOrder, items: readonly TaxedItem[]): TaxLine[] {
  const byRate = new Map<number, { grossCents: number; taxCents: number }>();
  const add = (ratePercent: number, grossCents: number, taxCents: number) => {
    const r = byRate.get(ratePercent) ?? { grossCents: 0, taxCents: 0 };
    byRate.set(ratePercent, { grossCents: r.grossCents + grossCents, taxCents: r.taxCents + taxCents });
  };
  let itemsTax = 0;
  for (const i of items) {
    const rate = Number(i.vatPercent);
    const gross = i.totalCents - i.discountCents;
    const tax = vatInGross(gross, rate);
    itemsTax += tax;
    add(rate, gross, tax);
  }
  if (order.shippingCents > 0) {
    const rate = order.shippingVatPercent ?? Math.max(0, ...items.map((i) => Number(i.vatPercent)));
    add(Number(rate), order.shippingCents, order.taxCents - itemsTax);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([ratePercent, r]) => ({ ratePercent, netCents: r.grossCents - r.taxCents, taxCents: r.taxCents }));
}
