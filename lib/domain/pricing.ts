/**
 * Exact integer arithmetic, no binary floating point on the money path: 150 ct net at 19 % is 178.5 → 179 ct,
 * never 178 because 150 × 1.19 = 178.4999…. Rounding is half away from zero.
 */

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

export const SHIPPING_CENTS = 490;
export const FREE_SHIPPING_FROM_CENTS = 5000;

export interface TotalsLine {
  unitPriceCents: number;
  quantity: number;
  vatPercent: number;
}

export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

export function vatInGross(grossCents: number, vatPercent: number): number {
  return grossCents - netFromGross(grossCents, vatPercent);
}

/** The VAT of each line is taken from its gross line total, rounded half up per line. */
export function orderTotals(lines: readonly TotalsLine[], shippingVatPercent: number): OrderTotals {
  let subtotalCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`quantity must be a positive integer, got ${line.quantity}`);
    }
    assertCents(line.unitPriceCents, "unit price");
    const lineGross = line.unitPriceCents * line.quantity;
    assertCents(lineGross, "line total");
    subtotalCents += lineGross;
    taxCents += vatInGross(lineGross, line.vatPercent);
  }
  assertCents(subtotalCents, "subtotal");
  const shippingCents = lines.length === 0 || subtotalCents >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS;
  taxCents += vatInGross(shippingCents, shippingVatPercent);
  const totalCents = subtotalCents + shippingCents;
  assertCents(totalCents, "total");
  return { subtotalCents, shippingCents, taxCents, totalCents };
}
