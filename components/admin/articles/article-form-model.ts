import type {
  ArticleDto,
  CreateArticleBodyInput,
  MugVariantBodyInput,
  ShirtVariantBodyInput,
  UpdateArticleBodyInput,
} from "@/lib/schemas/articles";
import { FIT_TYPES, PRICE_MODES, PRICE_UNITS, SHIRT_SIZES } from "@/lib/schemas/articles";
import { formatCentsInput, formatDecimalInput, parseCents, parseDecimal, parseOptionalCents, parseOptionalDecimal } from "./numbers";

export type ArticleType = "MUG" | "SHIRT";
export type PriceMode = (typeof PRICE_MODES)[number];
export type PriceUnit = (typeof PRICE_UNITS)[number];
export type FitType = (typeof FIT_TYPES)[number];
export type ShirtSize = (typeof SHIRT_SIZES)[number];

export interface MugDetailsValues {
  heightMm: string;
  diameterMm: string;
  fillingQuantityMl: string;
  dishwasherSafe: boolean;
  printTemplateWidthMm: string;
  printTemplateHeightMm: string;
  documentWidthMm: string;
  documentHeightMm: string;
  documentBottomMarginMm: string;
}

export interface ShirtDetailsValues {
  material: string;
  careInstructions: string;
  fitType: FitType;
  availableSizes: ShirtSize[];
}

export interface PriceValues {
  purchasePrice: string;
  purchaseCost: string;
  purchaseCostPercent: string;
  purchaseCostDriver: "AMOUNT" | "PERCENT";
  purchasePriceMode: PriceMode;
  /** "" = the default VAT rate. */
  purchaseVatRateId: string;
  purchasePriceUnit: PriceUnit;
  purchaseUnitsPerPackage: string;
  salesMargin: string;
  salesMarginPercent: string;
  salesTotal: string;
  salesDriver: "MARGIN" | "PERCENT" | "TOTAL";
  salesPriceMode: PriceMode;
  salesVatRateId: string;
}

export interface ArticleFormValues {
  type: ArticleType;
  name: string;
  nameDe: string;
  shortDescription: string;
  shortDescriptionDe: string;
  longDescription: string;
  longDescriptionDe: string;
  active: boolean;
  articleNumber: string;
  categoryId: string;
  subcategoryId: string;
  supplierId: string;
  supplierArticleName: string;
  supplierArticleNumber: string;
  mugDetails: MugDetailsValues;
  shirtDetails: ShirtDetailsValues;
  price: PriceValues;
}

const text = (v: string | null | undefined) => v ?? "";
const idText = (v: { id: number } | number | null | undefined) => (v == null ? "" : String(typeof v === "number" ? v : v.id));

export function initialValues(type: ArticleType, locale: string, article?: ArticleDto): ArticleFormValues {
  const mug = article?.mugDetails;
  const shirt = article?.shirtDetails;
  const p = article?.priceCalculation;
  const mm = (v: number | undefined) => (v === undefined ? "" : formatDecimalInput(v, locale, 2));
  const money = (v: number | undefined) => (v === undefined ? "" : formatCentsInput(v, locale));
  const pct = (v: number | undefined) => (v === undefined ? "" : formatDecimalInput(v, locale));
  return {
    type,
    name: text(article?.name),
    nameDe: text(article?.nameDe),
    shortDescription: text(article?.shortDescription),
    shortDescriptionDe: text(article?.shortDescriptionDe),
    longDescription: text(article?.longDescription),
    longDescriptionDe: text(article?.longDescriptionDe),
    active: article?.active ?? true,
    articleNumber: text(article?.articleNumber),
    categoryId: idText(article?.category),
    subcategoryId: idText(article?.subcategory),
    supplierId: idText(article?.supplier),
    supplierArticleName: text(article?.supplierArticleName),
    supplierArticleNumber: text(article?.supplierArticleNumber),
    mugDetails: {
      heightMm: mm(mug?.heightMm),
      diameterMm: mm(mug?.diameterMm),
      fillingQuantityMl: mug ? String(mug.fillingQuantityMl) : "",
      dishwasherSafe: mug?.dishwasherSafe ?? true,
      printTemplateWidthMm: mm(mug?.printTemplateWidthMm),
      printTemplateHeightMm: mm(mug?.printTemplateHeightMm),
      documentWidthMm: mm(mug?.documentWidthMm),
      documentHeightMm: mm(mug?.documentHeightMm),
      documentBottomMarginMm: mug ? mm(mug.documentBottomMarginMm) : "0",
    },
    shirtDetails: {
      material: text(shirt?.material),
      careInstructions: text(shirt?.careInstructions),
      fitType: shirt?.fitType ?? "REGULAR",
      availableSizes: (shirt?.availableSizes ?? []).filter((s): s is ShirtSize => (SHIRT_SIZES as readonly string[]).includes(s)),
    },
    price: {
      purchasePrice: money(p?.purchasePriceCents),
      purchaseCost: money(p?.purchaseCostCents),
      purchaseCostPercent: pct(p?.purchaseCostPercent),
      purchaseCostDriver: "AMOUNT",
      purchasePriceMode: p?.purchasePriceMode ?? "NET",
      purchaseVatRateId: idText(p?.purchaseVatRateId),
      purchasePriceUnit: p?.purchasePriceUnit ?? "UNIT",
      purchaseUnitsPerPackage: String(p?.purchaseUnitsPerPackage ?? 1),
      salesMargin: money(p?.salesMarginCents),
      salesMarginPercent: pct(p?.salesMarginPercent),
      salesTotal: money(p?.salesTotalCents),
      // The stored total is what the shop charges: it stays fixed until the admin types another figure.
      salesDriver: "TOTAL",
      salesPriceMode: p?.salesPriceMode ?? "GROSS",
      salesVatRateId: idText(p?.salesVatRateId),
    },
  };
}

function idValue(v: string): number | null {
  return v === "" ? null : Number(v);
}

const num = (v: string) => parseDecimal(v);

export function priceBody(p: PriceValues) {
  return {
    purchasePriceCents: parseCents(p.purchasePrice),
    purchaseCostCents: p.purchaseCostDriver === "AMOUNT" ? parseOptionalCents(p.purchaseCost) : null,
    purchaseCostPercent: p.purchaseCostDriver === "PERCENT" ? parseOptionalDecimal(p.purchaseCostPercent) : null,
    purchaseCostDriver: p.purchaseCostDriver,
    purchasePriceMode: p.purchasePriceMode,
    purchaseVatRateId: idValue(p.purchaseVatRateId),
    purchasePriceUnit: p.purchasePriceUnit,
    purchaseUnitsPerPackage: p.purchasePriceUnit === "PACKAGE" ? num(p.purchaseUnitsPerPackage) : 1,
    salesMarginCents: p.salesDriver === "MARGIN" ? parseOptionalCents(p.salesMargin) : null,
    salesMarginPercent: p.salesDriver === "PERCENT" ? parseOptionalDecimal(p.salesMarginPercent) : null,
    salesTotalCents: p.salesDriver === "TOTAL" ? parseOptionalCents(p.salesTotal) : null,
    salesDriver: p.salesDriver,
    salesPriceMode: p.salesPriceMode,
    salesVatRateId: idValue(p.salesVatRateId),
  };
}

function commonBody(v: ArticleFormValues) {
  return {
    name: v.name,
    nameDe: v.nameDe,
    shortDescription: v.shortDescription,
    shortDescriptionDe: v.shortDescriptionDe,
    longDescription: v.longDescription,
    longDescriptionDe: v.longDescriptionDe,
    active: v.active,
    articleNumber: v.articleNumber,
    categoryId: v.categoryId === "" ? undefined : Number(v.categoryId),
    subcategoryId: idValue(v.subcategoryId),
    supplierId: idValue(v.supplierId),
    supplierArticleName: v.supplierArticleName,
    supplierArticleNumber: v.supplierArticleNumber,
    priceCalculation: priceBody(v.price),
  };
}

export function mugDetailsBody(m: MugDetailsValues) {
  return {
    heightMm: num(m.heightMm),
    diameterMm: num(m.diameterMm),
    fillingQuantityMl: num(m.fillingQuantityMl),
    dishwasherSafe: m.dishwasherSafe,
    printTemplateWidthMm: num(m.printTemplateWidthMm),
    printTemplateHeightMm: num(m.printTemplateHeightMm),
    documentWidthMm: num(m.documentWidthMm),
    documentHeightMm: num(m.documentHeightMm),
    documentBottomMarginMm: num(m.documentBottomMarginMm),
  };
}

function shirtDetailsBody(s: ShirtDetailsValues) {
  return { material: s.material, careInstructions: s.careInstructions, fitType: s.fitType, availableSizes: s.availableSizes };
}

export function toUpdateBody(v: ArticleFormValues): UpdateArticleBodyInput {
  const body =
    v.type === "MUG"
      ? { type: "MUG" as const, ...commonBody(v), mugDetails: mugDetailsBody(v.mugDetails) }
      : { type: "SHIRT" as const, ...commonBody(v), shirtDetails: shirtDetailsBody(v.shirtDetails) };
  return body as UpdateArticleBodyInput;
}

export function toCreateBody(
  v: ArticleFormValues,
  mugVariants: MugVariantBodyInput[],
  shirtVariants: ShirtVariantBodyInput[],
): CreateArticleBodyInput {
  const body =
    v.type === "MUG"
      ? { type: "MUG" as const, ...commonBody(v), mugDetails: mugDetailsBody(v.mugDetails), mugVariants }
      : { type: "SHIRT" as const, ...commonBody(v), shirtDetails: shirtDetailsBody(v.shirtDetails), shirtVariants };
  return body as CreateArticleBodyInput;
}

export function mugDimensions(m: MugDetailsValues) {
  const values = {
    diameterMm: parseDecimal(m.diameterMm),
    heightMm: parseDecimal(m.heightMm),
    printTemplateWidthMm: parseDecimal(m.printTemplateWidthMm),
    printTemplateHeightMm: parseDecimal(m.printTemplateHeightMm),
    documentBottomMarginMm: parseDecimal(m.documentBottomMarginMm) ?? 0,
  };
  const ok = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n > 0;
  if (!ok(values.diameterMm) || !ok(values.heightMm) || !ok(values.printTemplateWidthMm) || !ok(values.printTemplateHeightMm)) return null;
  const margin = Number.isFinite(values.documentBottomMarginMm) && values.documentBottomMarginMm >= 0 ? values.documentBottomMarginMm : 0;
  return {
    diameterMm: values.diameterMm,
    heightMm: values.heightMm,
    printTemplateWidthMm: values.printTemplateWidthMm,
    printTemplateHeightMm: values.printTemplateHeightMm,
    documentBottomMarginMm: margin,
  };
}
