/**
 * Money arithmetic for prices: integer cents, VAT percent with up to three decimals (numeric(6,3)).
 * Pure and browser-safe. Computed with exact integer arithmetic (no binary floating point on the
 * money path), so 150 ct net at 19 % is 178.5 → 179 ct, never 178 because 150 × 1.19 = 178.4999….
 *
 * Rounding is half up (commercial rounding); a negative amount rounds like its positive counterpart
 * (half away from zero), so grossFromNet(-x, p) === -grossFromNet(x, p).
 */

export type PriceMode = "NET" | "GROSS";

export interface SalesPrice {
  /** Gross price in cents: what the customer pays. */
  grossCents: number;
  netCents: number;
  vatPercent: number;
}

/** Percent scaled to an integer: 19 → 19_000, 7.7 → 7_700 (three decimals, as stored). */
const SCALE = 100_000;
/** The range of the integer cent columns; keeps every intermediate product below 2^53. */
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

/** numerator / denominator rounded half up (half away from zero for negatives); denominator > 0. */
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

/** gross = round(net × (1 + p/100)). */
export function grossFromNet(netCents: number, vatPercent: number): number {
  assertCents(netCents, "net price");
  return divideRoundHalfUp(netCents * (SCALE + percentScaled(vatPercent)), SCALE);
}

/** net = round(gross / (1 + p/100)). */
export function netFromGross(grossCents: number, vatPercent: number): number {
  assertCents(grossCents, "gross price");
  return divideRoundHalfUp(grossCents * SCALE, SCALE + percentScaled(vatPercent));
}

/**
 * The sales price of an article from its price calculation: the stored total is net or gross
 * (mode); the other side is derived at the given VAT percent.
 */
export function salesPrice(totalCents: number, mode: PriceMode, vatPercent: number): SalesPrice {
  if (mode === "GROSS") return { grossCents: totalCents, netCents: netFromGross(totalCents, vatPercent), vatPercent };
  return { grossCents: grossFromNet(totalCents, vatPercent), netCents: totalCents, vatPercent };
}
