import "server-only";
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import {
  articleCategories,
  articlePriceCalculations,
  articles,
  articleSubcategories,
  images,
  mugDetails,
  mugVariants,
  shirtDetails,
  shirtVariants,
  suppliers,
} from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { imageUrl } from "@/lib/schemas/catalog";
import type { ArticleDto, ArticleListItemDto, ArticlePageDto, ListArticlesQuery } from "@/lib/schemas/articles";
import { articlePrice, articlePriceColumns, defaultVat, salesVat } from "../article-price";
import { toMugVariantDto, toShirtVariantDto } from "../article-variants/dto";
import { toPriceCalculationDto } from "./price";
import { likePattern, pagedQuery } from "../list-query";

function listFilter(query: ListArticlesQuery): SQL | undefined {
  const pattern = query.q ? likePattern(query.q) : undefined;
  return and(
    query.type ? eq(articles.type, query.type) : undefined,
    query.categoryId ? eq(articles.categoryId, query.categoryId) : undefined,
    query.subcategoryId ? eq(articles.subcategoryId, query.subcategoryId) : undefined,
    query.active === undefined ? undefined : eq(articles.active, query.active),
    pattern ? or(ilike(articles.name, pattern), ilike(articles.nameDe, pattern), ilike(articles.articleNumber, pattern)) : undefined,
  );
}

/** For sorting only: the same rule as articlePrice(), which still gives the answer's priceCents. */
const vatPercent = sql`coalesce(${salesVat.percent}, ${defaultVat.percent})`;
const grossPriceSql = sql`case when ${vatPercent} is null then null
  when ${articlePriceCalculations.salesPriceMode} = 'GROSS' then ${articlePriceCalculations.salesTotalCents}::numeric
  else round(${articlePriceCalculations.salesTotalCents} * (100 + ${vatPercent}) / 100) end`;

function listOrder(sort: ListArticlesQuery["sort"]): SQL[] {
  const descending = sort.startsWith("-");
  const dir = descending ? sql`desc` : sql`asc`;
  const key = {
    name: sql`lower(${articles.name})`,
    articleNumber: sql`lower(${articles.articleNumber})`,
    createdAt: sql`${articles.createdAt}`,
    price: grossPriceSql,
  }[sort.replace("-", "") as "name" | "articleNumber" | "createdAt" | "price"];
  // Articles without a price (or number) come last either way; the id keeps pages stable.
  return [sql`${key} ${dir} nulls last`, descending ? desc(articles.id) : asc(articles.id)];
}

const thumbnailIdSql = sql<number | null>`coalesce(
  (select ${images.id} from ${mugVariants} join ${images} on ${images.id} = ${mugVariants.exampleImageId} and ${images.type} = 'CATALOGUE'
    where ${mugVariants.articleId} = ${articles.id} and ${mugVariants.isDefault} limit 1),
  (select ${images.id} from ${shirtVariants} join ${images} on ${images.id} = ${shirtVariants.exampleImageId} and ${images.type} = 'CATALOGUE'
    where ${shirtVariants.articleId} = ${articles.id} order by ${shirtVariants.id} limit 1))`;

const variantCountSql = sql<number>`((select count(*) from ${mugVariants} where ${mugVariants.articleId} = ${articles.id})
  + (select count(*) from ${shirtVariants} where ${shirtVariants.articleId} = ${articles.id}))::int`;

export async function listArticles(query: ListArticlesQuery, locale: Locale = DEFAULT_LOCALE): Promise<ArticlePageDto> {
  const db = await getDb();
  const where = listFilter(query);
  return pagedQuery(
    query,
    (limit, offset) =>
      db
        .select({
          id: articles.id,
          type: articles.type,
          name: articles.name,
          nameDe: articles.nameDe,
          articleNumber: articles.articleNumber,
          active: articles.active,
          updatedAt: articles.updatedAt,
          category: { id: articleCategories.id, name: articleCategories.name, nameDe: articleCategories.nameDe },
          subcategory: { id: articleSubcategories.id, name: articleSubcategories.name, nameDe: articleSubcategories.nameDe },
          ...articlePriceColumns,
          variantCount: variantCountSql.mapWith(Number),
          thumbnailId: thumbnailIdSql,
        })
        .from(articles)
        .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .leftJoin(articleSubcategories, eq(articleSubcategories.id, articles.subcategoryId))
        .leftJoin(articlePriceCalculations, eq(articlePriceCalculations.articleId, articles.id))
        .leftJoin(salesVat, eq(salesVat.id, articlePriceCalculations.salesVatRateId))
        .leftJoin(defaultVat, eq(defaultVat.isDefault, true))
        .where(where)
        .orderBy(...listOrder(query.sort))
        .limit(limit)
        .offset(offset),
    db.select({ total: count() }).from(articles).where(where),
    (r): ArticleListItemDto => ({
      id: r.id,
      type: r.type,
      name: r.name,
      nameDe: r.nameDe,
      articleNumber: r.articleNumber,
      active: r.active,
      category: { id: r.category.id, name: localized(locale, r.category.name, r.category.nameDe) },
      subcategory: r.subcategory && { id: r.subcategory.id, name: localized(locale, r.subcategory.name, r.subcategory.nameDe) },
      priceCents: articlePrice(r)?.grossCents ?? null,
      variantCount: r.variantCount,
      thumbnailUrl: imageUrl(r.thumbnailId === null ? null : Number(r.thumbnailId)),
      updatedAt: r.updatedAt.toISOString(),
    }),
  );
}

export async function getArticleOrThrow(id: number): Promise<ArticleDto> {
  const db = await getDb();
  const [[row], mugRows, shirtRows] = await Promise.all([
    db
      .select({
        article: articles,
        category: { id: articleCategories.id, name: articleCategories.name },
        subcategory: { id: articleSubcategories.id, name: articleSubcategories.name },
        supplier: { id: suppliers.id, name: suppliers.companyName },
        price: articlePriceCalculations,
        mug: mugDetails,
        shirt: shirtDetails,
        ...articlePriceColumns,
      })
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .leftJoin(articleSubcategories, eq(articleSubcategories.id, articles.subcategoryId))
      .leftJoin(suppliers, eq(suppliers.id, articles.supplierId))
      .leftJoin(articlePriceCalculations, eq(articlePriceCalculations.articleId, articles.id))
      .leftJoin(salesVat, eq(salesVat.id, articlePriceCalculations.salesVatRateId))
      .leftJoin(defaultVat, eq(defaultVat.isDefault, true))
      .leftJoin(mugDetails, eq(mugDetails.articleId, articles.id))
      .leftJoin(shirtDetails, eq(shirtDetails.articleId, articles.id))
      .where(eq(articles.id, id)),
    db.select().from(mugVariants).where(eq(mugVariants.articleId, id)).orderBy(desc(mugVariants.isDefault), asc(mugVariants.id)),
    db.select().from(shirtVariants).where(eq(shirtVariants.articleId, id)).orderBy(asc(shirtVariants.id)),
  ]);
  if (!row) throw new ApiError(404, "errors.articleNotFound");
  const { article: a, mug, shirt } = row;
  return {
    id: a.id,
    type: a.type,
    name: a.name,
    nameDe: a.nameDe,
    shortDescription: a.shortDescription,
    shortDescriptionDe: a.shortDescriptionDe,
    longDescription: a.longDescription,
    longDescriptionDe: a.longDescriptionDe,
    active: a.active,
    articleNumber: a.articleNumber,
    category: row.category,
    subcategory: row.subcategory,
    supplier: row.supplier,
    supplierArticleName: a.supplierArticleName,
    supplierArticleNumber: a.supplierArticleNumber,
    priceCalculation: row.price ? toPriceCalculationDto(row.price, articlePrice(row)) : null,
    mugDetails: mug
      ? {
          heightMm: Number(mug.heightMm),
          diameterMm: Number(mug.diameterMm),
          fillingQuantityMl: mug.fillingQuantityMl,
          dishwasherSafe: mug.dishwasherSafe,
          printTemplateWidthMm: Number(mug.printTemplateWidthMm),
          printTemplateHeightMm: Number(mug.printTemplateHeightMm),
          documentWidthMm: Number(mug.documentWidthMm),
          documentHeightMm: Number(mug.documentHeightMm),
          documentBottomMarginMm: Number(mug.documentBottomMarginMm),
        }
      : null,
    shirtDetails: shirt
      ? { material: shirt.material, careInstructions: shirt.careInstructions, fitType: shirt.fitType, availableSizes: shirt.availableSizes }
      : null,
    mugVariants: mugRows.map(toMugVariantDto),
    shirtVariants: shirtRows.map(toShirtVariantDto),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
