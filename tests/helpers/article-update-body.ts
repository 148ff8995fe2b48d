// Free of the test runner and the database, so the API tests and the e2e specs build it alike.
import type { ArticleDto } from "@/lib/schemas/articles";

type Body = Record<string, unknown>;

export function updateBodyOf(a: ArticleDto, overrides: Body = {}): Body {
  const p = a.priceCalculation;
  if (!p) throw new Error("missing: price calculation");
  return {
    type: a.type,
    name: a.name,
    nameDe: a.nameDe,
    shortDescription: a.shortDescription,
    shortDescriptionDe: a.shortDescriptionDe,
    longDescription: a.longDescription,
    longDescriptionDe: a.longDescriptionDe,
    active: a.active,
    articleNumber: a.articleNumber,
    categoryId: a.category.id,
    subcategoryId: a.subcategory?.id ?? null,
    supplierId: a.supplier?.id ?? null,
    supplierArticleName: a.supplierArticleName,
    supplierArticleNumber: a.supplierArticleNumber,
    priceCalculation: {
      purchasePriceCents: p.purchasePriceCents,
      purchaseCostCents: p.purchaseCostCents,
      purchaseCostPercent: p.purchaseCostPercent,
      purchaseCostDriver: "AMOUNT",
      purchasePriceMode: p.purchasePriceMode,
      purchaseVatRateId: p.purchaseVatRateId,
      purchasePriceUnit: p.purchasePriceUnit,
      purchaseUnitsPerPackage: p.purchaseUnitsPerPackage,
      salesMarginCents: p.salesMarginCents,
      salesMarginPercent: p.salesMarginPercent,
      salesTotalCents: p.salesTotalCents,
      salesDriver: "TOTAL",
      salesPriceMode: p.salesPriceMode,
      salesVatRateId: p.salesVatRateId,
    },
    ...(a.type === "MUG" ? { mugDetails: a.mugDetails } : { shirtDetails: a.shirtDetails }),
    ...overrides,
  };
}
