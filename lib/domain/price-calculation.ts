/**
 * The price calculation of an article (spec section 3), pure and browser-safe: the admin form shows
 * the derived figures live with this function, and the server stores exactly what it returns.
 *
 * Purchase: price + cost = total, cost percent = cost / price. The total is in the purchase price
 * mode (net or gross at the purchase VAT rate) and covers one unit or one package of N units.
 * Sales: the margin is added to the net purchase cost of one unit; the sales total is in the sales
 * price mode (net or gross at the sales VAT rate). Exactly one of margin, margin percent and total
 * drives the others (`salesDriver`); the same holds for cost and cost percent (`purchaseCostDriver`).
 *
 * Money is integer cents (half-up rounding through lib/pricing); percents have three decimals.
 */
import { divideRoundHalfUp, grossFromNet, netFromGross, type PriceMode } from "./pricing";
import { MAX_CENTS } from "@/lib/schemas/articles";

export type PriceUnit = "UNIT" | "PACKAGE";
export type PurchaseCostDriver = "AMOUNT" | "PERCENT";
export type SalesDriver = "MARGIN" | "PERCENT" | "TOTAL";

export interface PriceCalculationInput {
  purchasePriceCents: number;
  purchaseCostCents?: number | null;
  purchaseCostPercent?: number | null;
  purchaseCostDriver: PurchaseCostDriver;
  purchasePriceMode: PriceMode;
  /** VAT percent of the purchase price (the resolved rate, not its id). */
  purchaseVatPercent: number;
  purchasePriceUnit: PriceUnit;
  purchaseUnitsPerPackage: number;
  salesMarginCents?: number | null;
  salesMarginPercent?: number | null;
  salesTotalCents?: number | null;
  salesDriver: SalesDriver;
  salesPriceMode: PriceMode;
  /** VAT percent of the sales price (the resolved rate, not its id). */
  salesVatPercent: number;
}

export interface PriceCalculationResult {
  purchasePriceCents: number;
  purchaseCostCents: number;
  purchaseCostPercent: number;
  purchaseTotalCents: number;
  /** Net purchase cost of one unit: the base of the margin. */
  purchaseNetPerUnitCents: number;
  salesMarginCents: number;
  salesMarginPercent: number;
  salesTotalCents: number;
  /** What the customer pays (gross) and its net, from the sales total. */
  salesGrossCents: number;
  salesNetCents: number;
}

/** The integer column range (int4). */
const INT_MAX = 2_147_483_647;
/** Largest magnitude of a stored percent (numeric(7,3)). */
export const MAX_STORED_PERCENT = 9999.999;

/** part / base × 100 with three decimals; 0 when the base is 0. */
export function percentOf(part: number, base: number): number {
  if (base === 0) return 0;
  return divideRoundHalfUp(part * 100_000, base) / 1000;
}

/** base × percent / 100 in cents, rounded half up. */
export function amountOfPercent(base: number, percent: number): number {
  return divideRoundHalfUp(base * Math.round(percent * 1000), 100_000);
}

export function derivePriceCalculation(input: PriceCalculationInput): PriceCalculationResult {
  const price = input.purchasePriceCents;
  const cost =
    input.purchaseCostDriver === "PERCENT" ? amountOfPercent(price, input.purchaseCostPercent ?? 0) : (input.purchaseCostCents ?? 0);
  const costPercent = input.purchaseCostDriver === "PERCENT" ? (input.purchaseCostPercent ?? 0) : percentOf(cost, price);
  const purchaseTotal = price + cost;
  const purchaseNet = input.purchasePriceMode === "GROSS" ? netFromGross(purchaseTotal, input.purchaseVatPercent) : purchaseTotal;
  const units = input.purchasePriceUnit === "PACKAGE" ? Math.max(1, input.purchaseUnitsPerPackage) : 1;
  const netPerUnit = divideRoundHalfUp(purchaseNet, units);

  // A margin percent of up to 9999 % can drive the total beyond the integer cent range that
  // grossFromNet accepts; such a figure is only ever reported as out of range (see
  // priceCalculationOutOfRange), so an approximation is enough there and the derivation never throws.
  const gross = (netCents: number) =>
    Math.abs(netCents) <= INT_MAX
      ? grossFromNet(netCents, input.salesVatPercent)
      : Math.round(netCents * (1 + input.salesVatPercent / 100));
  const net = (grossCents: number) =>
    Math.abs(grossCents) <= INT_MAX
      ? netFromGross(grossCents, input.salesVatPercent)
      : Math.round(grossCents / (1 + input.salesVatPercent / 100));
  const toTotal = (netCents: number) => (input.salesPriceMode === "GROSS" ? gross(netCents) : netCents);
  const toNet = (total: number) => (input.salesPriceMode === "GROSS" ? net(total) : total);

  let margin: number;
  let marginPercent: number;
  let total: number;
  if (input.salesDriver === "TOTAL") {
    total = input.salesTotalCents ?? 0;
    margin = toNet(total) - netPerUnit;
    marginPercent = percentOf(margin, netPerUnit);
  } else if (input.salesDriver === "PERCENT") {
    marginPercent = input.salesMarginPercent ?? 0;
    margin = amountOfPercent(netPerUnit, marginPercent);
    total = toTotal(netPerUnit + margin);
  } else {
    margin = input.salesMarginCents ?? 0;
    marginPercent = percentOf(margin, netPerUnit);
    total = toTotal(netPerUnit + margin);
  }
  const salesNet = toNet(total);
  const salesGross = input.salesPriceMode === "GROSS" ? total : gross(total);
  return {
    purchasePriceCents: price,
    purchaseCostCents: cost,
    purchaseCostPercent: costPercent,
    purchaseTotalCents: purchaseTotal,
    purchaseNetPerUnitCents: netPerUnit,
    salesMarginCents: margin,
    salesMarginPercent: marginPercent,
    salesTotalCents: total,
    salesGrossCents: salesGross,
    salesNetCents: salesNet,
  };
}

/** The input field that set a figure (the one the admin typed), by which the derivation is reported. */
export type PriceDrivingField = "purchaseCostCents" | "purchaseCostPercent" | "salesMarginCents" | "salesMarginPercent" | "salesTotalCents";

/**
 * Which driving field pushed a derived figure out of what can be stored and entered again, or null
 * when every figure fits: percents within ±9999.999 (numeric(7,3)), the purchase cost, the sales
 * total (0 or more: never a negative price) and the margin within the amounts an admin can enter
 * (±MAX_CENTS). The purchase side answers for the cost figures, the sales driver for the sales ones.
 */
export function priceCalculationOutOfRange(
  input: Pick<PriceCalculationInput, "purchaseCostDriver" | "salesDriver">,
  result: PriceCalculationResult,
): PriceDrivingField | null {
  const percentOk = (p: number) => Number.isFinite(p) && Math.abs(p) <= MAX_STORED_PERCENT;
  const centsOk = (c: number, min: number) => Number.isSafeInteger(c) && c >= min && c <= MAX_CENTS;
  if (!percentOk(result.purchaseCostPercent) || !centsOk(result.purchaseCostCents, 0)) {
    return input.purchaseCostDriver === "PERCENT" ? "purchaseCostPercent" : "purchaseCostCents";
  }
  if (!percentOk(result.salesMarginPercent) || !centsOk(result.salesMarginCents, -MAX_CENTS) || !centsOk(result.salesTotalCents, 0)) {
    return input.salesDriver === "TOTAL" ? "salesTotalCents" : input.salesDriver === "MARGIN" ? "salesMarginCents" : "salesMarginPercent";
  }
  return null;
}
