/** Integer arithmetic, no floats on the money path: 150 ct net at 19 % is 179 ct, never 178. */
import { isTaxFree, lineVatPercent, type TaxTreatment } from "./destination-tax";
import { shippingCentsFor, type Destination } from "./shipping";

export type { Destination } from "./shipping";

export type PriceMode = "NET" | "GROSS";

export interface SalesPrice {
  grossCents: number;
  netCents: number;
  vatPercent: number;
}

const SCALE = 100_000;
/** Keeps every intermediate product below 2^53. */
const MAX_CENTS = 2_147_483_647;

function percentScaled(vatPercent: number): number {
  if (!Number.isFinite(vatPercent) || vatPercent < 0 || vatPercent > 1000) {
    throw new RangeError(`VAT percent must be a finite number from 0 to 1000, got ${vatPercent}`);
  }
  return Math.round(vatPercent * 1000);
}

function assertCents(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents) || Math.abs(cents) > MAX_CENTS) {
    throw new RangeError(`${what} must be an integer number of cents within ±${MAX_CENTS}, got ${cents}`);
  }
}

export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError("divideRoundHalfUp needs safe integers and a positive denominator");
  }
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const remainder = n % denominator;
  const quotient = (n - remainder) / denominator;
  const rounded = 2 * remainder >= denominator ? quotient + 1 : quotient;
  return sign * rounded || 0;
}

export function grossFromNet(netCents: number, vatPercent: number): number {
  assertCents(netCents, "net price");
  return divideRoundHalfUp(netCents * (SCALE + percentScaled(vatPercent)), SCALE);
}

export function netFromGross(grossCents: number, vatPercent: number): number {
  assertCents(grossCents, "gross price");
  return divideRoundHalfUp(grossCents * SCALE, SCALE + percentScaled(vatPercent));
}

export function salesPrice(totalCents: number, mode: PriceMode, vatPercent: number): SalesPrice {
  if (mode === "GROSS") return { grossCents: totalCents, netCents: netFromGross(totalCents, vatPercent), vatPercent };
  return { grossCents: grossFromNet(totalCents, vatPercent), netCents: totalCents, vatPercent };
}

export interface TotalsLine {
  unitPriceCents: number;
  quantity: number;
  vatPercent: number;
}

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

export function vatInGross(grossCents: number, vatPercent: number): number {
  return grossCents - netFromGross(grossCents, vatPercent);
}

/**
 * A line as its destination is charged: tax-free (export, reverse charge) pays the net of the German gross at the
 * article's rate, so unit × quantity is the line total; OSS keeps the gross and changes the rate. Applying it twice
 * changes nothing, as a charged line's rate already is the destination's.
 */
export function chargedLine(line: TotalsLine, tax: TaxTreatment): TotalsLine {
  const unitPriceCents = isTaxFree(tax) ? netFromGross(line.unitPriceCents, line.vatPercent) : line.unitPriceCents;
  return { unitPriceCents, quantity: line.quantity, vatPercent: lineVatPercent(tax, line.vatPercent) };
}

/** Shipping follows the goods: the destination's standard rate under OSS, none for a tax-free delivery. */
export function shippingVatPercentFor(destination: Pick<Destination, "tax">, shopShippingVatPercent: number): number {
  return lineVatPercent(destination.tax, shopShippingVatPercent);
}

/**
 * Lines come at the shop's German prices and are charged for the destination first; `lineDiscountCents` refers to the
 * charged lines. VAT per line from its discounted gross, so an invoice's lines add up to the order's tax to the cent.
 */
export function orderTotals(
  lines: readonly TotalsLine[],
  destination: Destination,
  shippingVatPercent: number,
  lineDiscountCents?: readonly number[],
): OrderTotals {
  let subtotalCents = 0;
  let items = 0;
  let discountCents = 0;
  let taxCents = 0;
  lines.forEach((germanLine, i) => {
    const line = chargedLine(germanLine, destination.tax);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`quantity must be a positive integer, got ${line.quantity}`);
    }
    assertCents(line.unitPriceCents, "unit price");
    const lineGross = line.unitPriceCents * line.quantity;
    assertCents(lineGross, "line total");
    const lineDiscount = lineDiscountCents?.[i] ?? 0;
    if (!Number.isSafeInteger(lineDiscount) || lineDiscount < 0 || lineDiscount > lineGross) {
      throw new RangeError(`a line's discount must be whole cents from 0 to its total, got ${lineDiscount}`);
    }
    subtotalCents += lineGross;
    items += line.quantity;
    discountCents += lineDiscount;
    taxCents += vatInGross(lineGross - lineDiscount, line.vatPercent);
  });
  assertCents(subtotalCents, "subtotal");
  // Free shipping looks at the goods after the discount (as Shopify does): a code never buys free shipping.
  const goodsCents = subtotalCents - discountCents;
  const shippingCents = shippingCentsFor(destination.shipping, goodsCents, items);
  assertCents(shippingCents, "shipping");
  taxCents += vatInGross(shippingCents, shippingVatPercentFor(destination, shippingVatPercent));
  const totalCents = goodsCents + shippingCents;
  assertCents(totalCents, "total");
  return { subtotalCents, discountCents, shippingCents, taxCents, totalCents };
}

export function splitProportionally(amountCents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0) return weights.map(() => 0);
  // BigInt: amount × weight can pass 2^53 for large cent values.
  const exact = weights.map((w) => BigInt(amountCents) * BigInt(w));
  const shares = exact.map((e) => Number(e / BigInt(total)));
  const remainders = exact.map((e, i) => ({ i, r: e % BigInt(total) }));
  let left = amountCents - shares.reduce((s, x) => s + x, 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}
