import "server-only";
import { alias } from "drizzle-orm/pg-core";
import { articlePriceCalculations, vatRates } from "@/db/schema";
import { salesPrice, type SalesPrice } from "@/lib/domain/pricing";

/**
 * The one rule for what an article sells for, shared by the catalogue (GET /api/mugs) and the cart
 * (re-pricing at checkout): its price calculation, with its own VAT rate or else the default rate.
 * Queries select `articlePriceColumns` and join
 *   .leftJoin(articlePriceCalculations, eq(articlePriceCalculations.articleId, articles.id))
 *   .leftJoin(salesVat, eq(salesVat.id, articlePriceCalculations.salesVatRateId))
 *   .leftJoin(defaultVat, eq(defaultVat.isDefault, true))
 * and turn each row into a price with `articlePrice(row)`.
 */
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

/** The sales price, or null when the article is not sellable (no price calculation, or no VAT rate and no default). */
export function articlePrice(row: PriceRow): SalesPrice | null {
  const vatPercent = row.salesVatPercent ?? row.defaultVatPercent;
  if (row.salesTotalCents === null || row.salesPriceMode === null || vatPercent === null) return null;
  return salesPrice(row.salesTotalCents, row.salesPriceMode, Number(vatPercent));
}
