import "server-only";
import { eq, inArray, or } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { articlePriceCalculations, vatRates, type ArticlePriceCalculation } from "@/db/schema";
import type { MessageKey } from "@/lib/errors";
import { derivePriceCalculation, priceCalculationOutOfRange } from "@/lib/domain/price-calculation";
import type { PriceCalculationBody } from "@/lib/schemas/articles";
import type { SalesPrice } from "@/lib/domain/pricing";

type FieldErrors = Record<string, MessageKey>;
type PriceRow = Omit<typeof articlePriceCalculations.$inferInsert, "articleId" | "createdAt" | "updatedAt">;

const field = (name: string) => `priceCalculation.${name}`;

/** Locked FOR SHARE, so no rate is deleted or changed before this transaction commits. */
async function resolveVatPercents(
  tx: Tx,
  body: PriceCalculationBody,
  errors: FieldErrors,
): Promise<{ purchase: number; sales: number } | null> {
  const ids = [body.purchaseVatRateId, body.salesVatRateId].filter((id): id is number => id !== null);
  const rows = await tx
    .select({ id: vatRates.id, percent: vatRates.percent, isDefault: vatRates.isDefault })
    .from(vatRates)
    .where(ids.length ? or(inArray(vatRates.id, ids), eq(vatRates.isDefault, true)) : eq(vatRates.isDefault, true))
    .for("share");
  const byId = new Map(rows.map((r) => [r.id, Number(r.percent)]));
  const fallback = rows.find((r) => r.isDefault);
  const resolve = (id: number | null, name: string, needed: boolean): number | null => {
    if (id !== null) {
      const percent = byId.get(id);
      if (percent === undefined) errors[field(name)] = "validation.unknownReference";
      return percent ?? null;
    }
    if (fallback) return Number(fallback.percent);
    if (needed) errors[field(name)] = "validation.vatRateRequired";
    return null;
  };
  const purchase = resolve(body.purchaseVatRateId, "purchaseVatRateId", body.purchasePriceMode === "GROSS");
  const sales = resolve(body.salesVatRateId, "salesVatRateId", true);
  if (sales === null || (purchase === null && body.purchasePriceMode === "GROSS")) return null;
  return { purchase: purchase ?? 0, sales };
}

export async function derivePriceRow(tx: Tx, body: PriceCalculationBody, errors: FieldErrors): Promise<PriceRow | null> {
  const vat = await resolveVatPercents(tx, body, errors);
  if (!vat) return null;
  const input = {
    purchasePriceCents: body.purchasePriceCents,
    purchaseCostCents: body.purchaseCostCents,
    purchaseCostPercent: body.purchaseCostPercent,
    purchaseCostDriver: body.purchaseCostDriver,
    purchasePriceMode: body.purchasePriceMode,
    purchaseVatPercent: vat.purchase,
    purchasePriceUnit: body.purchasePriceUnit,
    purchaseUnitsPerPackage: body.purchaseUnitsPerPackage,
    salesMarginCents: body.salesMarginCents,
    salesMarginPercent: body.salesMarginPercent,
    salesTotalCents: body.salesTotalCents,
    salesDriver: body.salesDriver,
    salesPriceMode: body.salesPriceMode,
    salesVatPercent: vat.sales,
  };
  const result = derivePriceCalculation(input);
  const outOfRange = priceCalculationOutOfRange(input, result);
  if (outOfRange) {
    errors[field(outOfRange)] = "validation.priceOutOfRange";
    return null;
  }
  return {
    purchasePriceCents: result.purchasePriceCents,
    purchaseCostCents: result.purchaseCostCents,
    purchaseCostPercent: result.purchaseCostPercent,
    purchaseTotalCents: result.purchaseTotalCents,
    purchasePriceMode: body.purchasePriceMode,
    purchaseVatRateId: body.purchaseVatRateId,
    purchasePriceUnit: body.purchasePriceUnit,
    // One unit per package unless the price is for a package (what the admin typed otherwise has no meaning).
    purchaseUnitsPerPackage: body.purchasePriceUnit === "PACKAGE" ? body.purchaseUnitsPerPackage : 1,
    salesMarginCents: result.salesMarginCents,
    salesMarginPercent: result.salesMarginPercent,
    salesTotalCents: result.salesTotalCents,
    salesPriceMode: body.salesPriceMode,
    salesVatRateId: body.salesVatRateId,
  };
}

export async function savePriceRow(tx: Tx, articleId: number, row: PriceRow): Promise<void> {
  await tx
    .insert(articlePriceCalculations)
    .values({ articleId, ...row })
    .onConflictDoUpdate({ target: articlePriceCalculations.articleId, set: { ...row, updatedAt: new Date() } });
}

export function toPriceCalculationDto(row: ArticlePriceCalculation, shopPrice: SalesPrice | null) {
  return {
    purchasePriceCents: row.purchasePriceCents,
    purchaseCostCents: row.purchaseCostCents,
    purchaseCostPercent: Number(row.purchaseCostPercent),
    purchaseTotalCents: row.purchaseTotalCents,
    purchasePriceMode: row.purchasePriceMode,
    purchaseVatRateId: row.purchaseVatRateId,
    purchasePriceUnit: row.purchasePriceUnit,
    purchaseUnitsPerPackage: row.purchaseUnitsPerPackage,
    salesMarginCents: row.salesMarginCents,
    salesMarginPercent: Number(row.salesMarginPercent),
    salesTotalCents: row.salesTotalCents,
    salesPriceMode: row.salesPriceMode,
    salesVatRateId: row.salesVatRateId,
    shopPrice: shopPrice ? { grossCents: shopPrice.grossCents, netCents: shopPrice.netCents, vatPercent: shopPrice.vatPercent } : null,
  };
}
