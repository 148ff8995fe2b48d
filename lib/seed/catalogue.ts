import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import {
  articleCategories,
  articlePriceCalculations,
  articles,
  articleSubcategories,
  mugDetails,
  mugVariants,
  shirtDetails,
  shirtVariants,
  suppliers,
  vatRates,
} from "@/db/schema";
import { MUG_ARTICLE, type PriceSeed, SHIRT_ARTICLE, STANDARD_VAT, SUPPLIER, VAT_RATES } from "@/db/seed-data";
import { type CategoryTables, type CategoryTree, ensureKeyed, need, round3 } from "./keyed";

export interface VatIds {
  standardId: number;
  standardPercent: number;
}

export async function seedVatRates(tx: Tx): Promise<VatIds> {
  const [current] = await tx.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.isDefault, true)).limit(1);
  let defaultTaken = current !== undefined;
  const ids = await ensureKeyed(
    VAT_RATES.map((v) => v.name),
    () => tx.select({ id: vatRates.id, key: vatRates.name }).from(vatRates).orderBy(asc(vatRates.id)),
    (missing) =>
      tx.insert(vatRates).values(
        VAT_RATES.filter((v) => missing.has(v.name)).map((v) => {
          // A single default is allowed (partial unique index): only claim it when nobody has it.
          const isDefault = v.isDefault && !defaultTaken;
          defaultTaken ||= isDefault;
          return { name: v.name, nameDe: v.nameDe, percent: v.percent, description: v.description, isDefault };
        }),
      ),
  );
  for (const v of VAT_RATES)
    await tx
      .update(vatRates)
      .set({ nameDe: v.nameDe })
      .where(and(eq(vatRates.id, need(ids, v.name)), isNull(vatRates.nameDe)));
  const standardId = need(ids, STANDARD_VAT);
  const [standard] = await tx.select({ percent: vatRates.percent }).from(vatRates).where(eq(vatRates.id, standardId));
  return { standardId, standardPercent: standard?.percent ?? 19 };
}

export async function seedSupplier(tx: Tx): Promise<number> {
  const ids = await ensureKeyed(
    [SUPPLIER.companyName],
    () => tx.select({ id: suppliers.id, key: suppliers.companyName }).from(suppliers).orderBy(asc(suppliers.id)),
    () => tx.insert(suppliers).values(SUPPLIER),
  );
  return need(ids, SUPPLIER.companyName);
}

export function articleCategoryTables(tx: Tx): CategoryTables {
  const [c, s] = [articleCategories, articleSubcategories];
  return {
    loadCategories: () => tx.select({ id: c.id, key: c.name }).from(c).orderBy(asc(c.id)),
    insertCategories: (rows) => tx.insert(c).values(rows),
    loadSubcategories: () => tx.select({ id: s.id, categoryId: s.categoryId, name: s.name }).from(s).orderBy(asc(s.id)),
    insertSubcategories: (rows) => tx.insert(s).values(rows),
  };
}

interface ArticleSeed {
  articleNumber: string;
  name: string;
  nameDe: string;
  shortDescription: string;
  shortDescriptionDe: string;
  longDescription: string;
  longDescriptionDe: string;
  formerNames: readonly string[];
  category: string;
  subcategory: string;
  supplierArticleName: string;
  supplierArticleNumber: string;
}

async function ensureArticle(tx: Tx, type: "MUG" | "SHIRT", a: ArticleSeed, tree: CategoryTree, supplierId: number): Promise<number> {
  const { articleNumber, name, nameDe, shortDescription, shortDescriptionDe, longDescription, longDescriptionDe } = a;
  const texts = { name, nameDe, shortDescription, shortDescriptionDe, longDescription, longDescriptionDe };
  await tx
    .insert(articles)
    .values({
      type,
      ...texts,
      articleNumber,
      active: true,
      categoryId: need(tree.categories, a.category),
      subcategoryId: need(tree.subcategories, `${a.category}/${a.subcategory}`),
      supplierId,
      supplierArticleName: a.supplierArticleName,
      supplierArticleNumber: a.supplierArticleNumber,
    })
    .onConflictDoNothing({ target: articles.articleNumber });
  // A row an earlier seed wrote gets the current name and German texts; anything an admin edited stays.
  const seeded = eq(articles.articleNumber, articleNumber);
  if (a.formerNames.length > 0) {
    await tx
      .update(articles)
      .set({ name })
      .where(and(seeded, inArray(articles.name, [...a.formerNames])));
  }
  await tx
    .update(articles)
    .set({ nameDe, shortDescriptionDe, longDescriptionDe })
    .where(
      and(
        seeded,
        eq(articles.name, name),
        isNull(articles.nameDe),
        isNull(articles.shortDescriptionDe),
        isNull(articles.longDescriptionDe),
      ),
    );
  const [row] = await tx.select({ id: articles.id }).from(articles).where(seeded);
  if (!row) throw new Error(`Seed: article ${articleNumber} missing`);
  return row.id;
}

async function ensurePriceCalculation(tx: Tx, articleId: number, price: PriceSeed, vat: VatIds): Promise<void> {
  const purchaseTotalCents = price.purchasePriceCents + price.purchaseCostCents;
  const salesNetCents = Math.round(price.salesTotalGrossCents / (1 + vat.standardPercent / 100));
  const salesMarginCents = salesNetCents - purchaseTotalCents;
  await tx
    .insert(articlePriceCalculations)
    .values({
      articleId,
      purchasePriceCents: price.purchasePriceCents,
      purchaseCostCents: price.purchaseCostCents,
      purchaseCostPercent: round3((price.purchaseCostCents / price.purchasePriceCents) * 100),
      purchaseTotalCents,
      purchasePriceMode: "NET",
      purchaseVatRateId: vat.standardId,
      purchasePriceUnit: "UNIT",
      purchaseUnitsPerPackage: 1,
      salesMarginCents,
      salesMarginPercent: round3((salesMarginCents / purchaseTotalCents) * 100),
      salesTotalCents: price.salesTotalGrossCents,
      salesPriceMode: "GROSS",
      salesVatRateId: vat.standardId,
    })
    .onConflictDoNothing();
}

export async function seedMug(tx: Tx, tree: CategoryTree, supplierId: number, vat: VatIds): Promise<number> {
  const articleId = await ensureArticle(tx, "MUG", MUG_ARTICLE, tree, supplierId);
  await tx
    .insert(mugDetails)
    .values({ articleId, ...MUG_ARTICLE.details })
    .onConflictDoNothing();
  await ensurePriceCalculation(tx, articleId, MUG_ARTICLE.price, vat);
  const [currentDefault] = await tx
    .select({ id: mugVariants.id })
    .from(mugVariants)
    .where(and(eq(mugVariants.articleId, articleId), eq(mugVariants.isDefault, true)))
    .limit(1);
  await tx
    .insert(mugVariants)
    .values(
      MUG_ARTICLE.variants.map((v) => ({
        articleId,
        name: v.name,
        nameDe: v.nameDe,
        articleVariantNumber: v.number,
        insideColorCode: v.inside,
        outsideColorCode: v.outside,
        active: true,
        isDefault: v.isDefault && currentDefault === undefined,
      })),
    )
    .onConflictDoNothing({ target: [mugVariants.articleId, mugVariants.name] });
  for (const v of MUG_ARTICLE.variants) {
    await tx
      .update(mugVariants)
      .set({ nameDe: v.nameDe })
      .where(and(eq(mugVariants.articleId, articleId), eq(mugVariants.name, v.name), isNull(mugVariants.nameDe)));
  }
  return articleId;
}

export async function seedShirt(tx: Tx, tree: CategoryTree, supplierId: number, vat: VatIds): Promise<void> {
  const articleId = await ensureArticle(tx, "SHIRT", SHIRT_ARTICLE, tree, supplierId);
  const { material, careInstructions, fitType, availableSizes } = SHIRT_ARTICLE.details;
  await tx
    .insert(shirtDetails)
    .values({ articleId, material, careInstructions, fitType, availableSizes: [...availableSizes] })
    .onConflictDoNothing();
  await ensurePriceCalculation(tx, articleId, SHIRT_ARTICLE.price, vat);
  await tx
    .insert(shirtVariants)
    .values(SHIRT_ARTICLE.colors.flatMap(({ color, colorDe }) => availableSizes.map((size) => ({ articleId, color, colorDe, size }))))
    .onConflictDoNothing({ target: [shirtVariants.articleId, shirtVariants.color, shirtVariants.size] });
  for (const { color, colorDe } of SHIRT_ARTICLE.colors) {
    await tx
      .update(shirtVariants)
      .set({ colorDe })
      .where(and(eq(shirtVariants.articleId, articleId), eq(shirtVariants.color, color), isNull(shirtVariants.colorDe)));
  }
}
