import "server-only";
import { alias } from "drizzle-orm/pg-core";
import { articlePriceCalculations, vatRates } from "@/db/schema";
import { salesPrice, type SalesPrice } from "@/lib/domain/pricing";

export const salesVat = alias(vatRates, "sales_vat");
export const defaultVat = alias(vatRates, "default_vat");

export const articlePriceColumns = {
  salesTotalCents: articlePriceCalculations.salesTotalCents,
  salesPriceMode: articlePriceCalculations.salesPriceMode,
  salesVatPercent: salesVat.percent,
  defaultVatPercent: defaultVat.percent,
};

type PriceRow = {
  salesTotalCents: number | null;
  salesPriceMode: "NET" | "GROSS" | null;
  salesVatPercent: number | null;
  defaultVatPercent: number | null;
};

export function articlePrice(row: PriceRow): SalesPrice | null {
  const vatPercent = row.salesVatPercent ?? row.defaultVatPercent;
  if (row.salesTotalCents === null || row.salesPriceMode === null || vatPercent === null) return null;
  return salesPrice(row.salesTotalCents, row.salesPriceMode, Number(vatPercent));
}
