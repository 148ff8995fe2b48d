import { sql } from "drizzle-orm";
import { boolean, char, check, index, integer, numeric, pgTable, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./_shared";
import { countries } from "./users";
import { images } from "./media";

export const vatRates = pgTable(
  "vat_rates",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    nameDe: text(),
    percent: numeric({ precision: 6, scale: 3, mode: "number" }).notNull(),
    description: text(),
    isDefault: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("vat_rates_one_default")
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    check("vat_rates_percent_positive", sql`${t.percent} > 0`),
  ],
);

export const suppliers = pgTable("suppliers", {
  id: serial().primaryKey(),
  companyName: text().notNull(),
  website: text(),
  title: text(),
  firstName: text(),
  lastName: text(),
  email: text(),
  street: text(),
  houseNumber: text(),
  city: text(),
  postalCode: text(),
  countryCode: char({ length: 2 }).references(() => countries.code),
  phone1: text(),
  phone2: text(),
  phone3: text(),
  ...timestamps,
});

export const articleCategories = pgTable("article_categories", {
  id: serial().primaryKey(),
  name: varchar({ length: 255 }).notNull(),
  description: text(),
  nameDe: varchar({ length: 255 }),
  descriptionDe: text(),
  ...timestamps,
});

export const articleSubcategories = pgTable(
  "article_subcategories",
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => articleCategories.id, { onDelete: "restrict" }),
    name: varchar({ length: 255 }).notNull(),
    description: text(),
    nameDe: varchar({ length: 255 }),
    descriptionDe: text(),
    ...timestamps,
  },
  (t) => [index("article_subcategories_category_idx").on(t.categoryId)],
);

export const ARTICLE_TYPES = ["MUG", "SHIRT"] as const;

export const articles = pgTable(
  "articles",
  {
    id: serial().primaryKey(),
    type: text({ enum: ARTICLE_TYPES }).notNull(),
    name: text().notNull(),
    nameDe: text(),
    shortDescription: text(),
    shortDescriptionDe: text(),
    longDescription: text(),
    longDescriptionDe: text(),
    active: boolean().notNull().default(true),
    articleNumber: text(),
    categoryId: integer()
      .notNull()
      .references(() => articleCategories.id, { onDelete: "restrict" }),
    subcategoryId: integer().references(() => articleSubcategories.id, { onDelete: "restrict" }),
    supplierId: integer().references(() => suppliers.id, { onDelete: "set null" }),
    supplierArticleName: text(),
    supplierArticleNumber: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex("articles_article_number_unique").on(t.articleNumber), index("articles_type_active_idx").on(t.type, t.active)],
);

const mm = (precision = 8) => numeric({ precision, scale: 2, mode: "number" });

export const mugDetails = pgTable(
  "mug_details",
  {
    articleId: integer()
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    heightMm: mm().notNull(),
    diameterMm: mm().notNull(),
    fillingQuantityMl: integer().notNull(),
    dishwasherSafe: boolean().notNull().default(true),
    printTemplateWidthMm: mm().notNull(),
    printTemplateHeightMm: mm().notNull(),
    documentWidthMm: mm().notNull(),
    documentHeightMm: mm().notNull(),
    documentBottomMarginMm: mm().notNull().default(0),
  },
  (t) => [
    check("mug_document_positive", sql`${t.documentWidthMm} > 0 AND ${t.documentHeightMm} > 0`),
    check("mug_document_wider", sql`${t.documentWidthMm} > ${t.printTemplateWidthMm}`),
    check("mug_document_higher", sql`${t.documentHeightMm} > ${t.printTemplateHeightMm}`),
    check("mug_bottom_margin_range", sql`${t.documentBottomMarginMm} BETWEEN 0 AND 100`),
    check("mug_print_area_fits", sql`${t.documentBottomMarginMm} + ${t.printTemplateHeightMm} <= ${t.documentHeightMm}`),
  ],
);

export const mugVariants = pgTable(
  "mug_variants",
  {
    id: serial().primaryKey(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    name: text().notNull(),
    nameDe: text(),
    articleVariantNumber: text(),
    insideColorCode: varchar({ length: 7 }).notNull(),
    outsideColorCode: varchar({ length: 7 }).notNull(),
    exampleImageId: integer().references(() => images.id, { onDelete: "set null" }),
    active: boolean().notNull().default(true),
    isDefault: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("mug_variants_article_name_unique").on(t.articleId, t.name),
    uniqueIndex("mug_variants_one_default")
      .on(t.articleId)
      .where(sql`${t.isDefault}`),
  ],
);

export const FIT_TYPES = ["LOOSE", "REGULAR", "SLIM"] as const;

export const shirtDetails = pgTable("shirt_details", {
  articleId: integer()
    .primaryKey()
    .references(() => articles.id, { onDelete: "cascade" }),
  material: text().notNull(),
  careInstructions: text(),
  fitType: text({ enum: FIT_TYPES }).notNull().default("REGULAR"),
  availableSizes: text()
    .array()
    .notNull()
    .default(sql`ARRAY[]::text[]`),
});

export const shirtVariants = pgTable(
  "shirt_variants",
  {
    id: serial().primaryKey(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    color: text().notNull(),
    colorDe: text(),
    size: text().notNull(),
    exampleImageId: integer().references(() => images.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("shirt_variants_color_size_unique").on(t.articleId, t.color, t.size)],
);

export const PRICE_MODES = ["NET", "GROSS"] as const;
export const PRICE_UNITS = ["UNIT", "PACKAGE"] as const;

export const articlePriceCalculations = pgTable("article_price_calculations", {
  articleId: integer()
    .primaryKey()
    .references(() => articles.id, { onDelete: "cascade" }),
  purchasePriceCents: integer().notNull().default(0),
  purchaseCostCents: integer().notNull().default(0),
  purchaseCostPercent: numeric({ precision: 7, scale: 3, mode: "number" }).notNull().default(0),
  purchaseTotalCents: integer().notNull().default(0),
  purchasePriceMode: text({ enum: PRICE_MODES }).notNull().default("NET"),
  purchaseVatRateId: integer().references(() => vatRates.id, { onDelete: "restrict" }),
  purchasePriceUnit: text({ enum: PRICE_UNITS }).notNull().default("UNIT"),
  purchaseUnitsPerPackage: integer().notNull().default(1),
  salesMarginCents: integer().notNull().default(0),
  salesMarginPercent: numeric({ precision: 7, scale: 3, mode: "number" }).notNull().default(0),
  salesTotalCents: integer().notNull().default(0),
  salesPriceMode: text({ enum: PRICE_MODES }).notNull().default("GROSS"),
  salesVatRateId: integer().references(() => vatRates.id, { onDelete: "restrict" }),
  ...timestamps,
});

export type VatRate = typeof vatRates.$inferSelect;
export type Supplier = typeof suppliers.$inferSelect;
export type Article = typeof articles.$inferSelect;
export type MugDetails = typeof mugDetails.$inferSelect;
export type MugVariant = typeof mugVariants.$inferSelect;
export type ShirtVariant = typeof shirtVariants.$inferSelect;
export type ArticlePriceCalculation = typeof articlePriceCalculations.$inferSelect;
