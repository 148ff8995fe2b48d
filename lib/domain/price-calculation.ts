import { divideRoundHalfUp, grossFromNet, netFromGross, type PriceMode } from "./pricing";

/** Largest amount an admin can enter: 100,000.00 €. */
export const MAX_CENTS = 10_000_000;

export type PriceUnit = "UNIT" | "PACKAGE";
export type PurchaseCostDriver = "AMOUNT" | "PERCENT";
export type SalesDriver = "MARGIN" | "PERCENT" | "TOTAL";

export interface PriceCalculationInput {
  purchasePriceCents: number;
  purchaseCostCents?: number | null;
  purchaseCostPercent?: number | null;
  purchaseCostDriver: PurchaseCostDriver;
  purchasePriceMode: PriceMode;
  purchaseVatPercent: number;
  purchasePriceUnit: PriceUnit;
  purchaseUnitsPerPackage: number;
  salesMarginCents?: number | null;
  salesMarginPercent?: number | null;
  salesTotalCents?: number | null;
  salesDriver: SalesDriver;
  salesPriceMode: PriceMode;
  salesVatPercent: number;
}

export interface PriceCalculationResult {
  purchasePriceCents: number;
  purchaseCostCents: number;
  purchaseCostPercent: number;
  purchaseTotalCents: number;
  purchaseNetPerUnitCents: number;
  salesMarginCents: number;
  salesMarginPercent: number;
  salesTotalCents: number;
  salesGrossCents: number;
  salesNetCents: number;
}

const INT_MAX = 2_147_483_647;
export const MAX_STORED_PERCENT = 9999.999;

export function percentOf(part: number, base: number): number {
  if (base === 0) return 0;
  return divideRoundHalfUp(part * 100_000, base) / 1000;
}

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

  // Only ever reported as out of range, so an approximation is enough and the derivation never throws.
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

export type PriceDrivingField = "purchaseCostCents" | "purchaseCostPercent" | "salesMarginCents" | "salesMarginPercent" | "salesTotalCents";

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
