import { z } from "zod";
import { MAX_CENTS } from "@/lib/domain/price-calculation";
import { mugDetailsResponse } from "./catalog";
import { entityId, idName, listSearch, optionalEntityId, optionalText, pageQuery, pageResponse, queryId, requiredText } from "./common";

export const ARTICLE_TYPES = ["MUG", "SHIRT"] as const;
export const FIT_TYPES = ["LOOSE", "REGULAR", "SLIM"] as const;
export const PRICE_MODES = ["NET", "GROSS"] as const;
export const PRICE_UNITS = ["UNIT", "PACKAGE"] as const;
export const PURCHASE_COST_DRIVERS = ["AMOUNT", "PERCENT"] as const;
export const SALES_DRIVERS = ["MARGIN", "PERCENT", "TOTAL"] as const;
export const ARTICLE_SORTS = ["name", "-name", "articleNumber", "-articleNumber", "createdAt", "-createdAt", "price", "-price"] as const;

export { MAX_CENTS };

const cents = (error: `validation.${string}` = "validation.invalidAmount") =>
  z.number({ error }).int({ error }).min(0, { error }).max(MAX_CENTS, { error });
/** A margin may be negative: selling below cost is the owner's choice. */
const signedCents = (error: `validation.${string}` = "validation.invalidAmount") =>
  z.number({ error }).int({ error }).min(-MAX_CENTS, { error }).max(MAX_CENTS, { error });
const percent = (min: number, max: number, error: `validation.${string}` = "validation.invalidPercent") =>
  z
    .number({ error })
    .min(min, { error })
    .max(max, { error })
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, { error });

export const hexColor = z
  .string({ error: "validation.colorRequired" })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "validation.colorInvalid" })
  .transform((v) => v.toUpperCase());

const mm = (error: `validation.${string}` = "validation.positiveNumber") =>
  z
    .number({ error })
    .positive({ error })
    .max(10_000, { error })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error });

export const mugDetailsBody = z
  .object({
    heightMm: mm(),
    diameterMm: mm(),
    fillingQuantityMl: z
      .number({ error: "validation.positiveNumber" })
      .int({ error: "validation.positiveNumber" })
      .positive({ error: "validation.positiveNumber" })
      .max(100_000, { error: "validation.positiveNumber" }),
    dishwasherSafe: z.boolean({ error: "validation.invalidType" }).default(true),
    printTemplateWidthMm: mm(),
    printTemplateHeightMm: mm(),
    documentWidthMm: mm("validation.documentSizePositive"),
    documentHeightMm: mm("validation.documentSizePositive"),
    documentBottomMarginMm: z
      .number({ error: "validation.bottomMarginRange" })
      .min(0, { error: "validation.bottomMarginRange" })
      .max(100, { error: "validation.bottomMarginRange" }),
  })
  .superRefine((d, ctx) => {
    if (d.documentWidthMm <= d.printTemplateWidthMm)
      ctx.addIssue({ code: "custom", path: ["documentWidthMm"], message: "validation.documentWidthGreater" });
    if (d.documentHeightMm <= d.printTemplateHeightMm)
      ctx.addIssue({ code: "custom", path: ["documentHeightMm"], message: "validation.documentHeightGreater" });
    else if (d.documentBottomMarginMm + d.printTemplateHeightMm > d.documentHeightMm)
      ctx.addIssue({ code: "custom", path: ["documentBottomMarginMm"], message: "validation.printAreaOffPage" });
  });

export const SHIRT_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL"] as const;

export const shirtDetailsBody = z.object({
  material: requiredText(255, "validation.materialRequired"),
  careInstructions: optionalText(2000),
  fitType: z.enum(FIT_TYPES, { error: "validation.invalidValue" }).default("REGULAR"),
  availableSizes: z
    .array(z.enum(SHIRT_SIZES, { error: "validation.invalidValue" }), { error: "validation.sizesRequired" })
    .min(1, { error: "validation.sizesRequired" })
    .refine((a) => new Set(a).size === a.length, { error: "validation.invalidValue" }),
});

export const priceCalculationBody = z
  .object({
    purchasePriceCents: cents(),
    purchaseCostCents: cents().nullish(),
    purchaseCostPercent: percent(0, 1000).nullish(),
    purchaseCostDriver: z.enum(PURCHASE_COST_DRIVERS, { error: "validation.invalidValue" }).default("AMOUNT"),
    purchasePriceMode: z.enum(PRICE_MODES, { error: "validation.invalidValue" }).default("NET"),
    purchaseVatRateId: optionalEntityId(),
    purchasePriceUnit: z.enum(PRICE_UNITS, { error: "validation.invalidValue" }).default("UNIT"),
    purchaseUnitsPerPackage: z
      .number({ error: "validation.unitsPerPackage" })
      .int({ error: "validation.unitsPerPackage" })
      .min(1, { error: "validation.unitsPerPackage" })
      .max(100_000, { error: "validation.unitsPerPackage" })
      .default(1),
    salesMarginCents: signedCents().nullish(),
    salesMarginPercent: percent(-100, 9999).nullish(),
    salesTotalCents: cents().nullish(),
    salesDriver: z.enum(SALES_DRIVERS, { error: "validation.invalidValue" }).default("TOTAL"),
    salesPriceMode: z.enum(PRICE_MODES, { error: "validation.invalidValue" }).default("GROSS"),
    salesVatRateId: optionalEntityId(),
  })
  .superRefine((p, ctx) => {
    const need = (ok: boolean, path: string) => {
      if (!ok) ctx.addIssue({ code: "custom", path: [path], message: "validation.required" });
    };
    need(p.purchaseCostDriver === "PERCENT" ? p.purchaseCostPercent != null : true, "purchaseCostPercent");
    need(p.salesDriver === "TOTAL" ? p.salesTotalCents != null : true, "salesTotalCents");
    need(p.salesDriver === "MARGIN" ? p.salesMarginCents != null : true, "salesMarginCents");
    need(p.salesDriver === "PERCENT" ? p.salesMarginPercent != null : true, "salesMarginPercent");
  });

export const mugVariantBody = z.object({
  name: requiredText(255, "validation.nameRequired", "validation.nameTooLong"),
  nameDe: optionalText(255, "validation.nameTooLong"),
  articleVariantNumber: optionalText(100),
  insideColorCode: hexColor,
  outsideColorCode: hexColor,
  active: z.boolean({ error: "validation.invalidType" }).default(true),
  isDefault: z.boolean({ error: "validation.invalidType" }).default(false),
});

export const shirtVariantBody = z.object({
  color: requiredText(100, "validation.colorNameRequired"),
  colorDe: optionalText(100),
  size: z.enum(SHIRT_SIZES, { error: "validation.sizeRequired" }),
});

export const copyVariantsBody = z.object({
  variantIds: z
    .array(entityId(), { error: "validation.selectVariants" })
    .min(1, { error: "validation.selectVariants" })
    .max(500, { error: "validation.tooBig" }),
});

const articleCommon = {
  name: requiredText(255, "validation.nameRequired", "validation.nameTooLong"),
  nameDe: optionalText(255, "validation.nameTooLong"),
  shortDescription: optionalText(500),
  shortDescriptionDe: optionalText(500),
  longDescription: optionalText(5000),
  longDescriptionDe: optionalText(5000),
  active: z.boolean({ error: "validation.invalidType" }).default(true),
  articleNumber: requiredText(100, "validation.articleNumberRequired"),
  categoryId: entityId("validation.categoryRequired"),
  subcategoryId: optionalEntityId(),
  supplierId: optionalEntityId(),
  supplierArticleName: optionalText(255),
  supplierArticleNumber: optionalText(100),
  priceCalculation: priceCalculationBody,
};

export const updateArticleBody = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("MUG"), ...articleCommon, mugDetails: mugDetailsBody }),
    z.object({ type: z.literal("SHIRT"), ...articleCommon, shirtDetails: shirtDetailsBody }),
  ],
  { error: "validation.articleTypeRequired" },
);

export const createArticleBody = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("MUG"),
      ...articleCommon,
      mugDetails: mugDetailsBody,
      mugVariants: z.array(mugVariantBody).max(100).default([]),
    }),
    z.object({
      type: z.literal("SHIRT"),
      ...articleCommon,
      shirtDetails: shirtDetailsBody,
      shirtVariants: z.array(shirtVariantBody).max(500).default([]),
    }),
  ],
  { error: "validation.articleTypeRequired" },
);

export const variantsCatalogQuery = z.object({
  excludeMugId: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ error: "validation.invalidValue" })
      .int({ error: "validation.invalidValue" })
      .positive({ error: "validation.invalidValue" })
      .max(2_147_483_647, { error: "validation.invalidValue" })
      .optional(),
  ),
});

export const listArticlesQuery = z.object({
  type: z.enum(ARTICLE_TYPES).optional(),
  categoryId: queryId,
  subcategoryId: queryId,
  active: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  q: listSearch,
  sort: z.enum(ARTICLE_SORTS).default("name"),
  ...pageQuery(),
});

export const priceCalculationResponse = z.object({
  purchasePriceCents: z.number().int(),
  purchaseCostCents: z.number().int(),
  purchaseCostPercent: z.number(),
  purchaseTotalCents: z.number().int(),
  purchasePriceMode: z.enum(PRICE_MODES),
  purchaseVatRateId: z.number().int().nullable(),
  purchasePriceUnit: z.enum(PRICE_UNITS),
  purchaseUnitsPerPackage: z.number().int(),
  salesMarginCents: z.number().int(),
  salesMarginPercent: z.number(),
  salesTotalCents: z.number().int(),
  salesPriceMode: z.enum(PRICE_MODES),
  salesVatRateId: z.number().int().nullable(),
  shopPrice: z.object({ grossCents: z.number().int(), netCents: z.number().int(), vatPercent: z.number() }).nullable(),
});

export const mugVariantAdminResponse = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  name: z.string(),
  nameDe: z.string().nullable(),
  articleVariantNumber: z.string().nullable(),
  insideColorCode: z.string(),
  outsideColorCode: z.string(),
  active: z.boolean(),
  isDefault: z.boolean(),
  exampleImageId: z.number().int().nullable(),
  exampleImageUrl: z.string().nullable(),
});

export const shirtVariantAdminResponse = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  color: z.string(),
  colorDe: z.string().nullable(),
  size: z.string(),
  exampleImageId: z.number().int().nullable(),
  exampleImageUrl: z.string().nullable(),
});

export const articleResponse = z.object({
  id: z.number().int(),
  type: z.enum(ARTICLE_TYPES),
  name: z.string(),
  nameDe: z.string().nullable(),
  shortDescription: z.string().nullable(),
  shortDescriptionDe: z.string().nullable(),
  longDescription: z.string().nullable(),
  longDescriptionDe: z.string().nullable(),
  active: z.boolean(),
  articleNumber: z.string().nullable(),
  category: idName,
  subcategory: idName.nullable(),
  supplier: idName.nullable(),
  supplierArticleName: z.string().nullable(),
  supplierArticleNumber: z.string().nullable(),
  priceCalculation: priceCalculationResponse.nullable(),
  mugDetails: mugDetailsResponse.nullable(),
  shirtDetails: z
    .object({
      material: z.string(),
      careInstructions: z.string().nullable(),
      fitType: z.enum(FIT_TYPES),
      availableSizes: z.array(z.string()),
    })
    .nullable(),
  mugVariants: z.array(mugVariantAdminResponse),
  shirtVariants: z.array(shirtVariantAdminResponse),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const articleListItemResponse = z.object({
  id: z.number().int(),
  type: z.enum(ARTICLE_TYPES),
  name: z.string(),
  nameDe: z.string().nullable(),
  articleNumber: z.string().nullable(),
  active: z.boolean(),
  category: idName,
  subcategory: idName.nullable(),
  priceCents: z.number().int().nullable(),
  variantCount: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  updatedAt: z.string(),
});

export const articlePageResponse = pageResponse(articleListItemResponse);

/** An article orders refer to is deactivated instead of deleted. */
export const deleteArticleResponse = z.object({ deleted: z.boolean(), deactivated: z.boolean() });

export const variantsCatalogResponse = z.array(
  z.object({
    mugId: z.number().int(),
    mugName: z.string(),
    articleNumber: z.string().nullable(),
    variants: z.array(mugVariantAdminResponse),
  }),
);

export const copyVariantsResponse = z.object({
  copied: z.array(mugVariantAdminResponse),
  skipped: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export type MugDetailsBody = z.infer<typeof mugDetailsBody>;
export type ShirtDetailsBody = z.infer<typeof shirtDetailsBody>;
export type PriceCalculationBody = z.infer<typeof priceCalculationBody>;
export type PriceCalculationBodyInput = z.input<typeof priceCalculationBody>;
export type MugVariantBody = z.infer<typeof mugVariantBody>;
export type MugVariantBodyInput = z.input<typeof mugVariantBody>;
export type ShirtVariantBody = z.infer<typeof shirtVariantBody>;
export type ShirtVariantBodyInput = z.input<typeof shirtVariantBody>;
export type CopyVariantsBody = z.infer<typeof copyVariantsBody>;
export type CreateArticleBody = z.infer<typeof createArticleBody>;
export type CreateArticleBodyInput = z.input<typeof createArticleBody>;
export type UpdateArticleBody = z.infer<typeof updateArticleBody>;
export type UpdateArticleBodyInput = z.input<typeof updateArticleBody>;
export type ListArticlesQuery = z.infer<typeof listArticlesQuery>;
export type ArticleDto = z.infer<typeof articleResponse>;
export type ArticleListItemDto = z.infer<typeof articleListItemResponse>;
export type ArticlePageDto = z.infer<typeof articlePageResponse>;
export type MugVariantAdminDto = z.infer<typeof mugVariantAdminResponse>;
export type ShirtVariantAdminDto = z.infer<typeof shirtVariantAdminResponse>;
export type VariantsCatalogDto = z.infer<typeof variantsCatalogResponse>;
export type CopyVariantsDto = z.infer<typeof copyVariantsResponse>;
