import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/articles/route";
import * as item from "@/app/api/admin/articles/[articleId]/route";
import * as publicMugsRoute from "@/app/api/mugs/route";
import { getDb } from "@/db/client";
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
import { ARTICLE_CATEGORIES, MUG_ARTICLE, SUPPLIER } from "@/db/seed-data";
import { resetStorage } from "@/lib/integrations/storage";
import type { ArticleDto, ArticlePageDto } from "@/lib/schemas/articles";
import type { MugDto } from "@/lib/schemas/catalog";
import { storeImage } from "@/lib/services/images";
import { call, loginAs } from "./api";
import { userIdOf } from "./orders";
import { TEST_USERS, tempDir } from "./test-db";

export { updateBodyOf } from "./article-update-body";

export type ErrorBody = { message: string; errors?: Record<string, string> };
export type Deleted = { deleted: boolean; deactivated: boolean };
export type Body = Record<string, unknown>;

export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

export let storageDir: string;
export const ref = { mugs: 0, ceramic: 0, enamel: 0, shirts: 0, unisex: 0, supplier: 0, standardVat: 0, reducedVat: 0 };
export let customerId: number;

export function setupArticleFixtures(): void {
  beforeAll(async () => {
    // This file's own storage folder, so file checks are not disturbed by test files running in parallel.
    storageDir = tempDir("shop-test-articles-");
    process.env.STORAGE_DIR = storageDir;
    resetStorage();
    const db = await getDb();
    const categoryId = async (name: string) => {
      const [row] = await db.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.name, name));
      if (!row) throw new Error(`seeded category ${name}`);
      return row.id;
    };
    const subcategoryId = async (name: string) => {
      const [row] = await db.select({ id: articleSubcategories.id }).from(articleSubcategories).where(eq(articleSubcategories.name, name));
      if (!row) throw new Error(`seeded subcategory ${name}`);
      return row.id;
    };
    const [mugCategory, shirtCategory] = ARTICLE_CATEGORIES;
    if (!mugCategory || !shirtCategory) throw new Error("seed has two categories");
    ref.mugs = await categoryId(mugCategory.name);
    ref.shirts = await categoryId(shirtCategory.name);
    ref.ceramic = await subcategoryId(must(mugCategory.subcategories[0], "subcategory").name);
    ref.enamel = await subcategoryId(must(mugCategory.subcategories[1], "subcategory").name);
    ref.unisex = await subcategoryId(must(shirtCategory.subcategories[0], "subcategory").name);
    const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyName, SUPPLIER.companyName));
    ref.supplier = must(supplier, "seeded supplier").id;
    const rates = await db.select().from(vatRates);
    ref.standardVat = must(
      rates.find((r) => Number(r.percent) === 19),
      "19 % rate",
    ).id;
    ref.reducedVat = must(
      rates.find((r) => Number(r.percent) === 7),
      "7 % rate",
    ).id;
    customerId = await userIdOf(TEST_USERS.customer.email);
  });
}

export let serial = 0;
export const unique = (prefix: string) => `${prefix}-${++serial}-${randomUUID().slice(0, 6)}`;

export const price = (overrides: Body = {}): Body => ({
  purchasePriceCents: 350,
  purchaseCostCents: 50,
  purchaseCostDriver: "AMOUNT",
  purchasePriceMode: "NET",
  purchaseVatRateId: ref.standardVat,
  purchasePriceUnit: "UNIT",
  purchaseUnitsPerPackage: 1,
  salesTotalCents: 1499,
  salesDriver: "TOTAL",
  salesPriceMode: "GROSS",
  salesVatRateId: ref.standardVat,
  ...overrides,
});

export const MUG_CATEGORY = must(ARTICLE_CATEGORIES[0], "seeded mug category");

export const MUG_DETAILS = {
  heightMm: 95,
  diameterMm: 82,
  fillingQuantityMl: 330,
  dishwasherSafe: true,
  printTemplateWidthMm: 200,
  printTemplateHeightMm: 80,
  documentWidthMm: 210,
  documentHeightMm: 90,
  documentBottomMarginMm: 5,
};

/** Names start with "T" so that the seeded "Classic Mug …" stays the storefront's first mug (tests/helpers/orders.ts uses it). */
export const mugBody = (overrides: Body = {}): Body => ({
  type: "MUG",
  name: unique("Test mug"),
  nameDe: "Testtasse",
  shortDescription: "A test mug",
  shortDescriptionDe: "Eine Testtasse",
  longDescription: "A mug made by the articles API test",
  longDescriptionDe: "Eine Tasse aus dem Artikel-API-Test",
  active: true,
  articleNumber: unique("T-MUG"),
  categoryId: ref.mugs,
  subcategoryId: ref.ceramic,
  supplierId: ref.supplier,
  supplierArticleName: "Testtasse weiß",
  supplierArticleNumber: "SUP-T-1",
  priceCalculation: price(),
  mugDetails: MUG_DETAILS,
  mugVariants: [],
  ...overrides,
});

export const shirtBody = (overrides: Body = {}): Body => ({
  type: "SHIRT",
  name: unique("Test shirt"),
  articleNumber: unique("T-SHIRT"),
  categoryId: ref.shirts,
  subcategoryId: ref.unisex,
  priceCalculation: price({ salesTotalCents: 2499 }),
  shirtDetails: { material: "100% cotton", careInstructions: "30 °C", fitType: "SLIM", availableSizes: ["S", "M", "L"] },
  shirtVariants: [],
  ...overrides,
});

export const variant = (overrides: Body = {}): Body => ({
  name: unique("Colour"),
  insideColorCode: "#ffffff",
  outsideColorCode: "#000000",
  ...overrides,
});

export const admin = () => loginAs("admin");
export const params = (id: number | string) => ({ articleId: String(id) });

export async function create(body: unknown, opts: { cookie?: string; lang?: string } = {}) {
  return call<ArticleDto & ErrorBody>(collection.POST, {
    method: "POST",
    path: "/api/admin/articles",
    body,
    cookie: opts.cookie ?? (await admin()),
    headers: opts.lang ? { "accept-language": opts.lang } : undefined,
  });
}

export async function created(body: Body): Promise<ArticleDto> {
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function list(query = "") {
  return call<ArticlePageDto & ErrorBody>(collection.GET, { path: `/api/admin/articles${query}`, cookie: await admin() });
}

export async function get(id: number | string) {
  return call<ArticleDto & ErrorBody>(item.GET, { path: `/api/admin/articles/${id}`, params: params(id), cookie: await admin() });
}

export async function put(id: number | string, body: unknown) {
  return call<ArticleDto & ErrorBody>(item.PUT, {
    method: "PUT",
    path: `/api/admin/articles/${id}`,
    params: params(id),
    body,
    cookie: await admin(),
  });
}

export async function remove(id: number | string) {
  return call<Deleted & ErrorBody>(item.DELETE, {
    method: "DELETE",
    path: `/api/admin/articles/${id}`,
    params: params(id),
    cookie: await admin(),
  });
}

export async function publicMugs(): Promise<MugDto[]> {
  const res = await call<MugDto[]>(publicMugsRoute.GET, { path: "/api/mugs" });
  expect(res.status).toBe(200);
  return res.body;
}

export async function seededMugId(): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.articleNumber, MUG_ARTICLE.articleNumber));
  if (!row) throw new Error("seeded mug");
  return row.id;
}

export async function rowCounts() {
  const db = await getDb();
  const n = async (
    table:
      | typeof articles
      | typeof mugDetails
      | typeof shirtDetails
      | typeof articlePriceCalculations
      | typeof mugVariants
      | typeof shirtVariants,
  ) => (await db.select().from(table)).length;
  return {
    articles: await n(articles),
    mugDetails: await n(mugDetails),
    shirtDetails: await n(shirtDetails),
    prices: await n(articlePriceCalculations),
    mugVariants: await n(mugVariants),
    shirtVariants: await n(shirtVariants),
  };
}

export async function catalogueImage(): Promise<number> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c63" } })
    .png()
    .toBuffer();
  return (await storeImage({ bytes, use: "catalogue", format: "webp", type: "CATALOGUE", ownerId: null })).id;
}

export async function customerImage(): Promise<number> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  return (await storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId: customerId, promptId: null })).id;
}
