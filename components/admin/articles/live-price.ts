/** The server's own derivation (lib/domain/price-calculation.ts), fed with what the form holds. */
import { derivePriceCalculation, type PriceCalculationResult } from "@/lib/domain/price-calculation";
import { MAX_CENTS } from "@/lib/schemas/articles";
import type { PriceValues } from "./article-form-model";
import { parseCents, parseDecimal } from "./numbers";

export interface VatOption {
  id: number;
  name: string;
  percent: number;
  isDefault: boolean;
}

export function vatPercentOf(value: string, rates: readonly VatOption[]): number | null {
  const rate = value === "" ? rates.find((r) => r.isDefault) : rates.find((r) => String(r.id) === value);
  return rate ? rate.percent : null;
}

const inRange = (n: number | undefined, min: number, max: number): n is number =>
  n !== undefined && Number.isFinite(n) && n >= min && n <= max;

export function livePrice(p: PriceValues, rates: readonly VatOption[]): (PriceCalculationResult & { salesVatPercent: number }) | null {
  const price = parseCents(p.purchasePrice) ?? 0;
  if (!inRange(price, 0, MAX_CENTS)) return null;
  const cost = parseCents(p.purchaseCost) ?? 0;
  const costPercent = parseDecimal(p.purchaseCostPercent) ?? 0;
  if (p.purchaseCostDriver === "AMOUNT" ? !inRange(cost, 0, MAX_CENTS) : !inRange(costPercent, 0, 1000)) return null;
  const units = p.purchasePriceUnit === "PACKAGE" ? parseDecimal(p.purchaseUnitsPerPackage) : 1;
  if (!inRange(units, 1, 100_000) || !Number.isInteger(units)) return null;
  const salesVatPercent = vatPercentOf(p.salesVatRateId, rates);
  if (salesVatPercent === null) return null;
  const margin = parseCents(p.salesMargin) ?? 0;
  const marginPercent = parseDecimal(p.salesMarginPercent) ?? 0;
  const total = parseCents(p.salesTotal) ?? 0;
  if (p.salesDriver === "MARGIN" && !inRange(margin, -MAX_CENTS, MAX_CENTS)) return null;
  if (p.salesDriver === "PERCENT" && !inRange(marginPercent, -100, 9999)) return null;
  if (p.salesDriver === "TOTAL" && !inRange(total, 0, MAX_CENTS)) return null;
  try {
    const result = derivePriceCalculation({
      purchasePriceCents: price,
      purchaseCostCents: cost,
      purchaseCostPercent: costPercent,
      purchaseCostDriver: p.purchaseCostDriver,
      purchasePriceMode: p.purchasePriceMode,
      purchaseVatPercent: vatPercentOf(p.purchaseVatRateId, rates) ?? 0,
      purchasePriceUnit: p.purchasePriceUnit,
      purchaseUnitsPerPackage: units,
      salesMarginCents: margin,
      salesMarginPercent: marginPercent,
      salesTotalCents: total,
      salesDriver: p.salesDriver,
      salesPriceMode: p.salesPriceMode,
      salesVatPercent,
    });
    return { ...result, salesVatPercent };
  } catch {
    // Figures beyond the integer cent range: nothing sensible to show.
    return null;
  }
}
