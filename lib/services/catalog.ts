import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import {
  articlePriceCalculations,
  articles,
  countries,
  images,
  mugDetails,
  mugVariants,
  promptCategories,
  prompts,
  promptSubcategories,
} from "@/db/schema";
import { logger } from "@/lib/logger";
import type { Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import {
  countriesResponse,
  imageUrl,
  mugsResponse,
  publicPromptsResponse,
  type CountryDto,
  type MugDto,
  type MugVariantDto,
  type PublicPromptDto,
} from "@/lib/schemas/catalog";
import { cachedCatalog, cachedCatalogJson, type CatalogJson } from "./catalog-cache";
import { articlePrice, articlePriceColumns, defaultVat, salesVat } from "./article-price";
import { listShippingZones } from "./shipping";

/** Answers are cached and shared between callers: treat them as read-only. */

export const CATALOG_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

const catalogReads = { mugs: listPublicMugs, prompts: listPublicPrompts, countries: listCountries } as const;

export function catalogJson(kind: keyof typeof catalogReads, locale: Locale): Promise<CatalogJson> {
  const read: (locale: Locale) => Promise<unknown> = catalogReads[kind];
  return cachedCatalogJson(`${kind}:${locale}`, () => read(locale));
}

const collators = new Map<string, Intl.Collator>();
function collator(locale: string): Intl.Collator {
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(locale, { sensitivity: "base", numeric: true })));
  return c;
}

/** The countries the shop ships to: those a shipping zone lists. */
export function listCountries(locale: Locale): Promise<CountryDto[]> {
  return cachedCatalog(`countries:${locale}`, async () => {
    const db = await getDb();
    const shipped = (await listShippingZones()).flatMap((z) => z.countries);
    const rows = shipped.length ? await db.select().from(countries).where(inArray(countries.code, shipped)) : [];
    const compare = collator(locale).compare;
    const list = rows
      .map((c) => ({ code: c.code, name: locale === "de" ? c.nameDe : c.nameEn, nameEn: c.nameEn, nameDe: c.nameDe }))
      .sort((a, b) => compare(a.name, b.name) || a.code.localeCompare(b.code));
    return countriesResponse.parse(list);
  });
}

export function listPublicMugs(locale: Locale): Promise<MugDto[]> {
  return cachedCatalog(`mugs:${locale}`, async () => {
    const db = await getDb();
    const activeMug = and(eq(articles.type, "MUG"), eq(articles.active, true));
    const [mugRows, variantRows] = await Promise.all([
      db
        .select({
          article: {
            id: articles.id,
            name: articles.name,
            nameDe: articles.nameDe,
            shortDescription: articles.shortDescription,
            shortDescriptionDe: articles.shortDescriptionDe,
            longDescription: articles.longDescription,
            longDescriptionDe: articles.longDescriptionDe,
            articleNumber: articles.articleNumber,
          },
          details: mugDetails,
          ...articlePriceColumns,
        })
        .from(articles)
        .innerJoin(mugDetails, eq(mugDetails.articleId, articles.id))
        .leftJoin(articlePriceCalculations, eq(articlePriceCalculations.articleId, articles.id))
        .leftJoin(salesVat, eq(salesVat.id, articlePriceCalculations.salesVatRateId))
        .leftJoin(defaultVat, eq(defaultVat.isDefault, true))
        .where(activeMug)
        .orderBy(asc(articles.id)),
      db
        .select({
          articleId: mugVariants.articleId,
          id: mugVariants.id,
          name: mugVariants.name,
          nameDe: mugVariants.nameDe,
          articleVariantNumber: mugVariants.articleVariantNumber,
          insideColorCode: mugVariants.insideColorCode,
          outsideColorCode: mugVariants.outsideColorCode,
          isDefault: mugVariants.isDefault,
          // Only a catalogue image is publicly served; anything else is treated as "no image".
          exampleImageId: images.id,
        })
        .from(mugVariants)
        .innerJoin(articles, eq(articles.id, mugVariants.articleId))
        .leftJoin(images, and(eq(images.id, mugVariants.exampleImageId), eq(images.type, "CATALOGUE")))
        .where(and(activeMug, eq(mugVariants.active, true)))
        .orderBy(asc(mugVariants.articleId), desc(mugVariants.isDefault), asc(mugVariants.id)),
    ]);

    const variantsByMug = new Map<number, MugVariantDto[]>();
    for (const { articleId, exampleImageId, name, nameDe, ...variant } of variantRows) {
      let list = variantsByMug.get(articleId);
      if (!list) variantsByMug.set(articleId, (list = []));
      list.push({ ...variant, name: localized(locale, name, nameDe), exampleImageUrl: imageUrl(exampleImageId) });
    }

    const mugs: MugDto[] = [];
    for (const row of mugRows) {
      const price = articlePrice(row);
      if (!price) {
        logger.warn("mug left out of the catalogue: no price or VAT rate", { articleId: row.article.id });
        continue;
      }
      const { articleId: _articleId, ...details } = row.details;
      const a = row.article;
      mugs.push({
        id: a.id,
        name: localized(locale, a.name, a.nameDe),
        shortDescription: localized(locale, a.shortDescription, a.shortDescriptionDe),
        longDescription: localized(locale, a.longDescription, a.longDescriptionDe),
        articleNumber: a.articleNumber,
        ...details,
        price: { priceCents: price.grossCents, netPriceCents: price.netCents, vatPercent: price.vatPercent, currency: "EUR" },
        variants: variantsByMug.get(a.id) ?? [],
      });
    }
    const compare = collator(locale).compare;
    mugs.sort((a, b) => compare(a.name, b.name) || a.id - b.id);
    return mugsResponse.parse(mugs);
  });
}

export function listPublicPrompts(locale: Locale): Promise<PublicPromptDto[]> {
  return cachedCatalog(`prompts:${locale}`, async () => {
    const db = await getDb();
    const rows = await db
      .select({
        id: prompts.id,
        title: prompts.title,
        titleDe: prompts.titleDe,
        description: prompts.description,
        descriptionDe: prompts.descriptionDe,
        promptNumber: prompts.promptNumber,
        categoryId: promptCategories.id,
        categoryName: promptCategories.name,
        categoryNameDe: promptCategories.nameDe,
        subcategoryId: promptSubcategories.id,
        subcategoryName: promptSubcategories.name,
        subcategoryNameDe: promptSubcategories.nameDe,
        exampleImageId: images.id,
      })
      .from(prompts)
      .innerJoin(promptCategories, eq(promptCategories.id, prompts.categoryId))
      .leftJoin(promptSubcategories, eq(promptSubcategories.id, prompts.subcategoryId))
      .leftJoin(images, and(eq(images.id, prompts.exampleImageId), eq(images.type, "CATALOGUE")))
      .where(and(eq(prompts.active, true), eq(prompts.archived, false)))
      .orderBy(asc(prompts.id));
    const list: PublicPromptDto[] = rows.map((r) => ({
      id: r.id,
      title: localized(locale, r.title, r.titleDe),
      description: localized(locale, r.description, r.descriptionDe),
      promptNumber: r.promptNumber,
      category: { id: r.categoryId, name: localized(locale, r.categoryName, r.categoryNameDe) },
      subcategory:
        r.subcategoryId !== null && r.subcategoryName !== null
          ? { id: r.subcategoryId, name: localized(locale, r.subcategoryName, r.subcategoryNameDe) }
          : null,
      exampleImageUrl: imageUrl(r.exampleImageId),
    }));
    const compare = collator(locale).compare;
    list.sort(
      (a, b) => compare(a.category.name, b.category.name) || a.category.id - b.category.id || compare(a.title, b.title) || a.id - b.id,
    );
    return publicPromptsResponse.parse(list);
  });
}
