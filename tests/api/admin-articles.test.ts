import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import * as collection from "@/app/api/admin/articles/route";
import * as item from "@/app/api/admin/articles/[articleId]/route";
import * as publicMugsRoute from "@/app/api/mugs/route";
import * as cartItemsRoute from "@/app/api/user/cart/items/route";
import * as refreshRoute from "@/app/api/user/cart/refresh-prices/route";
import { getDb } from "@/db/client";
import {
  articleCategories,
  articlePriceCalculations,
  articles,
  articleSubcategories,
  images,
  mugDetails,
  mugVariants,
  orderItems,
  shirtDetails,
  shirtVariants,
  suppliers,
  vatRates,
} from "@/db/schema";
import { ARTICLE_CATEGORIES, MUG_ARTICLE, SUPPLIER } from "@/db/seed-data";
import { resetStorage } from "@/lib/integrations/storage";
import type { ArticleDto, ArticlePageDto } from "@/lib/schemas/articles";
import type { CartDto } from "@/lib/schemas/cart";
import type { MugDto } from "@/lib/schemas/catalog";
import { storeImage } from "@/lib/services/images";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { checkoutBody, clearCart, fillCart, placeOrder, userIdOf } from "../helpers/orders";
import { TEST_USERS, tempDir } from "../helpers/test-db";

type ErrorBody = { message: string; errors?: Record<string, string> };
type Deleted = { deleted: boolean; deactivated: boolean };
type Body = Record<string, unknown>;

/** The value, or a failed test saying what was missing. */
function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

let storageDir: string;
const ref = { mugs: 0, ceramic: 0, enamel: 0, shirts: 0, unisex: 0, supplier: 0, standardVat: 0, reducedVat: 0 };
let customerId: number;

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

// ── Bodies ───────────────────────────────────────────────────────────────────────────────────────

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${randomUUID().slice(0, 6)}`;

/** 3.50 € + 0.50 € net per unit at 19 %, sold at 14.99 € gross at 19 % (like the seeded mug). */
const price = (overrides: Body = {}): Body => ({
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

const MUG_CATEGORY = must(ARTICLE_CATEGORIES[0], "seeded mug category");

const MUG_DETAILS = {
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
const mugBody = (overrides: Body = {}): Body => ({
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

const shirtBody = (overrides: Body = {}): Body => ({
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

const variant = (overrides: Body = {}): Body => ({
  name: unique("Colour"),
  insideColorCode: "#ffffff",
  outsideColorCode: "#000000",
  ...overrides,
});

/** The PUT body that keeps the article as it is (the form sends this shape), with the sales total as driver. */
function updateBodyOf(a: ArticleDto, overrides: Body = {}): Body {
  const p = must(a.priceCalculation, "price calculation");
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

// ── Calls ────────────────────────────────────────────────────────────────────────────────────────

const admin = () => loginAs("admin");
const params = (id: number | string) => ({ articleId: String(id) });

async function create(body: unknown, opts: { cookie?: string; lang?: string } = {}) {
  return call<ArticleDto & ErrorBody>(collection.POST, {
    method: "POST",
    path: "/api/admin/articles",
    body,
    cookie: opts.cookie ?? (await admin()),
    headers: opts.lang ? { "accept-language": opts.lang } : undefined,
  });
}

async function created(body: Body): Promise<ArticleDto> {
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function list(query = "") {
  return call<ArticlePageDto & ErrorBody>(collection.GET, { path: `/api/admin/articles${query}`, cookie: await admin() });
}

async function get(id: number | string) {
  return call<ArticleDto & ErrorBody>(item.GET, { path: `/api/admin/articles/${id}`, params: params(id), cookie: await admin() });
}

async function put(id: number | string, body: unknown) {
  return call<ArticleDto & ErrorBody>(item.PUT, {
    method: "PUT",
    path: `/api/admin/articles/${id}`,
    params: params(id),
    body,
    cookie: await admin(),
  });
}

async function remove(id: number | string) {
  return call<Deleted & ErrorBody>(item.DELETE, {
    method: "DELETE",
    path: `/api/admin/articles/${id}`,
    params: params(id),
    cookie: await admin(),
  });
}

async function publicMugs(): Promise<MugDto[]> {
  const res = await call<MugDto[]>(publicMugsRoute.GET, { path: "/api/mugs" });
  expect(res.status).toBe(200);
  return res.body;
}

async function seededMugId(): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.articleNumber, MUG_ARTICLE.articleNumber));
  if (!row) throw new Error("seeded mug");
  return row.id;
}

/** Row counts of everything an article write touches, for "nothing was saved" checks. */
async function rowCounts() {
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

async function catalogueImage(): Promise<number> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c63" } })
    .png()
    .toBuffer();
  return (await storeImage({ bytes, use: "catalogue", format: "webp", type: "CATALOGUE", ownerId: null })).id;
}

async function customerImage(): Promise<number> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  return (await storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId: customerId, promptId: null })).id;
}

// ── Access ───────────────────────────────────────────────────────────────────────────────────────

describe("access matrix for /api/admin/articles", () => {
  const cases: { role: Role; ok: boolean; status: number }[] = [
    { role: "anonymous", ok: false, status: 401 },
    { role: "customer", ok: false, status: 403 },
    { role: "admin", ok: true, status: 200 },
  ];
  for (const { role, ok, status } of cases) {
    it(`GET /api/admin/articles – ${role} → ${status}`, async () => {
      const res = await call(collection.GET, { path: "/api/admin/articles", cookie: await cookieFor(role) });
      expect(res.status).toBe(status);
    });

    it(`POST /api/admin/articles – ${role} → ${ok ? 201 : status}${ok ? "" : ", nothing stored"}`, async () => {
      const before = await rowCounts();
      const res = await create(mugBody(), { cookie: (await cookieFor(role)) ?? "" });
      expect(res.status).toBe(ok ? 201 : status);
      if (!ok) expect(await rowCounts()).toEqual(before);
    });

    it(`GET, PUT, DELETE /api/admin/articles/{articleId} – ${role} → ${status}`, async () => {
      const target = await created(mugBody());
      const cookie = await cookieFor(role);
      const p = params(target.id);
      expect((await call(item.GET, { params: p, cookie })).status).toBe(status);
      expect(
        (await call(item.PUT, { method: "PUT", params: p, body: updateBodyOf(target, { name: "Test renamed" }), cookie })).status,
      ).toBe(status);
      expect((await call(item.DELETE, { method: "DELETE", params: p, cookie })).status).toBe(status);
      expect((await get(target.id)).status).toBe(ok ? 404 : 200);
    });
  }

  it("GET /api/admin/articles – anonymous and customer answers carry the spec's messages", async () => {
    expect((await call(collection.GET)).body).toMatchObject({ message: "Authentication required" });
    expect((await call(collection.GET, { cookie: await loginAs("customer") })).body).toMatchObject({
      message: "You do not have permission to do this",
    });
  });
});

// ── Create ───────────────────────────────────────────────────────────────────────────────────────

describe("POST /api/admin/articles", () => {
  it("POST /api/admin/articles – creates a mug with details, price calculation and two variants in one call (201)", async () => {
    const body = mugBody({
      mugVariants: [
        variant({ name: "Sky", nameDe: "Himmel", articleVariantNumber: "T-SKY", insideColorCode: "#87ceeb", outsideColorCode: "#ffffff" }),
        variant({ name: "Coal", insideColorCode: "#222222", outsideColorCode: "#222222", isDefault: true }),
      ],
    });
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const a = res.body;
    expect(a).toMatchObject({
      type: "MUG",
      name: body.name,
      nameDe: "Testtasse",
      shortDescription: "A test mug",
      shortDescriptionDe: "Eine Testtasse",
      longDescription: "A mug made by the articles API test",
      longDescriptionDe: "Eine Tasse aus dem Artikel-API-Test",
      active: true,
      articleNumber: body.articleNumber,
      category: { id: ref.mugs, name: MUG_CATEGORY.name },
      subcategory: { id: ref.ceramic },
      supplier: { id: ref.supplier, name: SUPPLIER.companyName },
      supplierArticleName: "Testtasse weiß",
      supplierArticleNumber: "SUP-T-1",
      mugDetails: MUG_DETAILS,
      shirtDetails: null,
      shirtVariants: [],
    });
    // 350 + 50 = 400 net; 14.99 € gross at 19 % = 1259.66 → 1260 net → margin 860 = 215 %.
    expect(a.priceCalculation).toEqual({
      purchasePriceCents: 350,
      purchaseCostCents: 50,
      purchaseCostPercent: 14.286,
      purchaseTotalCents: 400,
      purchasePriceMode: "NET",
      purchaseVatRateId: ref.standardVat,
      purchasePriceUnit: "UNIT",
      purchaseUnitsPerPackage: 1,
      salesMarginCents: 860,
      salesMarginPercent: 215,
      salesTotalCents: 1499,
      salesPriceMode: "GROSS",
      salesVatRateId: ref.standardVat,
      shopPrice: { grossCents: 1499, netCents: 1260, vatPercent: 19 },
    });
    // The flagged default first, colours upper-case.
    expect(a.mugVariants.map((v) => [v.name, v.isDefault, v.insideColorCode, v.outsideColorCode, v.articleId])).toEqual([
      ["Coal", true, "#222222", "#222222", a.id],
      ["Sky", false, "#87CEEB", "#FFFFFF", a.id],
    ]);
    expect(a.mugVariants[1]).toMatchObject({
      nameDe: "Himmel",
      articleVariantNumber: "T-SKY",
      active: true,
      exampleImageId: null,
      exampleImageUrl: null,
    });
    // GET answers the same; the shop lists the new mug with both colours and the same price.
    expect((await get(a.id)).body).toEqual(a);
    const shown = (await publicMugs()).find((m) => m.id === a.id);
    expect(shown?.price.priceCents).toBe(1499);
    expect(shown?.variants.map((v) => v.name)).toEqual(["Coal", "Sky"]);
  });

  it("POST /api/admin/articles – without a flagged default the first active variant becomes the default", async () => {
    const a = await created(
      mugBody({ mugVariants: [variant({ name: "Off", active: false }), variant({ name: "First on" }), variant({ name: "Second on" })] }),
    );
    expect(a.mugVariants.map((v) => [v.name, v.isDefault])).toEqual([
      ["First on", true],
      ["Off", false],
      ["Second on", false],
    ]);
  });

  it("POST /api/admin/articles – a mug without variants and without optional fields", async () => {
    const a = await created(
      mugBody({
        nameDe: undefined,
        shortDescription: "  ",
        shortDescriptionDe: undefined,
        longDescription: undefined,
        longDescriptionDe: undefined,
        subcategoryId: null,
        supplierId: undefined,
        supplierArticleName: undefined,
        supplierArticleNumber: undefined,
        mugVariants: undefined,
      }),
    );
    expect(a).toMatchObject({
      nameDe: null,
      shortDescription: null,
      subcategory: null,
      supplier: null,
      supplierArticleName: null,
      mugVariants: [],
    });
  });

  it("POST /api/admin/articles – creates a shirt with details and variants", async () => {
    const body = shirtBody({
      shirtVariants: [
        { color: "Navy", colorDe: "Marine", size: "S" },
        { color: "Navy", size: "M" },
        { color: "Sand", size: "M" },
      ],
    });
    const a = await created(body);
    expect(a).toMatchObject({
      type: "SHIRT",
      category: { id: ref.shirts },
      subcategory: { id: ref.unisex },
      mugDetails: null,
      mugVariants: [],
      shirtDetails: { material: "100% cotton", careInstructions: "30 °C", fitType: "SLIM", availableSizes: ["S", "M", "L"] },
    });
    expect(a.shirtVariants.map((v) => [v.color, v.colorDe, v.size])).toEqual([
      ["Navy", "Marine", "S"],
      ["Navy", null, "M"],
      ["Sand", null, "M"],
    ]);
    expect(a.priceCalculation?.shopPrice?.grossCents).toBe(2499);
    expect((await get(a.id)).body).toEqual(a);
  });

  it("POST /api/admin/articles – a net sales total at the reduced rate: the shop price adds 7 %", async () => {
    const a = await created(
      mugBody({ priceCalculation: price({ salesTotalCents: 1000, salesPriceMode: "NET", salesVatRateId: ref.reducedVat }) }),
    );
    expect(a.priceCalculation).toMatchObject({
      salesTotalCents: 1000,
      salesMarginCents: 600,
      salesMarginPercent: 150,
      shopPrice: { grossCents: 1070, netCents: 1000, vatPercent: 7 },
    });
    expect((await publicMugs()).find((m) => m.id === a.id)?.price.priceCents).toBe(1070);
  });

  it("POST /api/admin/articles – no VAT rate chosen: the default rate applies", async () => {
    const a = await created(
      mugBody({ priceCalculation: price({ purchaseVatRateId: null, salesVatRateId: null, salesTotalCents: 1000, salesPriceMode: "NET" }) }),
    );
    expect(a.priceCalculation).toMatchObject({
      salesVatRateId: null,
      purchaseVatRateId: null,
      shopPrice: { grossCents: 1190, vatPercent: 19 },
    });
  });

  it("POST /api/admin/articles – a package price is divided by its units", async () => {
    // 24.00 € for 6 → 4.00 € a unit; 11.90 € gross → 10.00 € net → margin 6.00 € = 150 %
    const a = await created(
      mugBody({
        priceCalculation: price({
          purchasePriceCents: 2400,
          purchaseCostCents: 0,
          purchasePriceUnit: "PACKAGE",
          purchaseUnitsPerPackage: 6,
          salesTotalCents: 1190,
        }),
      }),
    );
    expect(a.priceCalculation).toMatchObject({
      purchaseTotalCents: 2400,
      purchaseUnitsPerPackage: 6,
      salesMarginCents: 600,
      salesMarginPercent: 150,
    });
  });

  type Row = { title: string; body: () => unknown; field: string; message: string };
  const bad: Row[] = [
    { title: "name missing", body: () => mugBody({ name: undefined }), field: "name", message: "Name is required" },
    { title: "name blank", body: () => mugBody({ name: "  " }), field: "name", message: "Name is required" },
    {
      title: "name too long",
      body: () => mugBody({ name: "T".repeat(256) }),
      field: "name",
      message: "Name must be at most 255 characters",
    },
    { title: "type missing", body: () => mugBody({ type: undefined }), field: "type", message: "Choose mug or T-shirt" },
    {
      title: "articleNumber missing",
      body: () => mugBody({ articleNumber: undefined }),
      field: "articleNumber",
      message: "Article number is required",
    },
    {
      title: "articleNumber blank",
      body: () => mugBody({ articleNumber: " " }),
      field: "articleNumber",
      message: "Article number is required",
    },
    {
      title: "categoryId missing",
      body: () => mugBody({ categoryId: undefined }),
      field: "categoryId",
      message: "Please choose a category",
    },
    {
      title: "categoryId unknown",
      body: () => mugBody({ categoryId: 999_999, subcategoryId: null }),
      field: "categoryId",
      message: "This entry does not exist",
    },
    {
      title: "subcategory of another category",
      body: () => mugBody({ subcategoryId: ref.unisex }),
      field: "subcategoryId",
      message: "The subcategory does not belong to the chosen category",
    },
    {
      title: "subcategory unknown",
      body: () => mugBody({ subcategoryId: 999_999 }),
      field: "subcategoryId",
      message: "This entry does not exist",
    },
    { title: "supplier unknown", body: () => mugBody({ supplierId: 999_999 }), field: "supplierId", message: "This entry does not exist" },
    {
      title: "sales VAT rate unknown",
      body: () => mugBody({ priceCalculation: price({ salesVatRateId: 999_999 }) }),
      field: "priceCalculation.salesVatRateId",
      message: "This entry does not exist",
    },
    {
      title: "purchase VAT rate unknown",
      body: () => mugBody({ priceCalculation: price({ purchaseVatRateId: 999_999 }) }),
      field: "priceCalculation.purchaseVatRateId",
      message: "This entry does not exist",
    },
    {
      title: "document width equal to the print width",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, documentWidthMm: 200 } }),
      field: "mugDetails.documentWidthMm",
      message: "Document width must be greater than the print template width",
    },
    {
      title: "document width below the print width",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, documentWidthMm: 150 } }),
      field: "mugDetails.documentWidthMm",
      message: "Document width must be greater than the print template width",
    },
    {
      title: "document height equal to the print height",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, documentHeightMm: 80, documentBottomMarginMm: 0 } }),
      field: "mugDetails.documentHeightMm",
      message: "Document height must be greater than the print template height",
    },
    {
      title: "document height below the print height",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, documentHeightMm: 60 } }),
      field: "mugDetails.documentHeightMm",
      message: "Document height must be greater than the print template height",
    },
    {
      title: "bottom margin -1",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, documentBottomMarginMm: -1 } }),
      field: "mugDetails.documentBottomMarginMm",
      message: "Bottom margin must be between 0 and 100 mm",
    },
    {
      title: "bottom margin 101",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, documentHeightMm: 300, documentBottomMarginMm: 101 } }),
      field: "mugDetails.documentBottomMarginMm",
      message: "Bottom margin must be between 0 and 100 mm",
    },
    {
      title: "print area lifted off the page",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, documentBottomMarginMm: 11 } }),
      field: "mugDetails.documentBottomMarginMm",
      message: "Print template height plus bottom margin must fit within the document height",
    },
    {
      title: "document width 0",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, documentWidthMm: 0 } }),
      field: "mugDetails.documentWidthMm",
      message: "Document width and height must be positive",
    },
    {
      title: "document height negative",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, documentHeightMm: -90 } }),
      field: "mugDetails.documentHeightMm",
      message: "Document width and height must be positive",
    },
    {
      title: "height 0",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, heightMm: 0 } }),
      field: "mugDetails.heightMm",
      message: "Must be a positive number",
    },
    {
      title: "print width negative",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, printTemplateWidthMm: -5 } }),
      field: "mugDetails.printTemplateWidthMm",
      message: "Must be a positive number",
    },
    {
      title: "filling quantity 0",
      body: () => mugBody({ mugDetails: { ...MUG_DETAILS, fillingQuantityMl: 0 } }),
      field: "mugDetails.fillingQuantityMl",
      message: "Must be a positive number",
    },
    {
      title: "mug details missing",
      body: () => mugBody({ mugDetails: undefined }),
      field: "mugDetails",
      message: "This field is required",
    },
    {
      title: "bad hex colour",
      body: () => mugBody({ mugVariants: [variant({ insideColorCode: "#12345" })] }),
      field: "mugVariants.0.insideColorCode",
      message: "Enter a colour as a hex code such as #1A2B3C",
    },
    {
      title: "colour name instead of hex",
      body: () => mugBody({ mugVariants: [variant(), variant({ outsideColorCode: "red" })] }),
      field: "mugVariants.1.outsideColorCode",
      message: "Enter a colour as a hex code such as #1A2B3C",
    },
    {
      title: "variant name missing",
      body: () => mugBody({ mugVariants: [variant({ name: "" })] }),
      field: "mugVariants.0.name",
      message: "Name is required",
    },
    {
      title: "duplicate variant names in the body (ignoring case)",
      body: () => mugBody({ mugVariants: [variant({ name: "Ocean" }), variant({ name: "ocean" })] }),
      field: "mugVariants.1.name",
      message: "A variant with this name already exists",
    },
    {
      title: "two default variants",
      body: () => mugBody({ mugVariants: [variant({ isDefault: true }), variant({ isDefault: true })] }),
      field: "mugVariants.1.isDefault",
      message: "Only one variant can be the default",
    },
    {
      title: "an inactive default variant",
      body: () => mugBody({ mugVariants: [variant({ isDefault: true, active: false })] }),
      field: "mugVariants.0.active",
      message: "The default variant must be active",
    },
    {
      title: "shirt size not available",
      body: () =>
        shirtBody({
          shirtVariants: [
            { color: "Navy", size: "S" },
            { color: "Navy", size: "XL" },
          ],
        }),
      field: "shirtVariants.1.size",
      message: "This size is not one of the shirt's available sizes",
    },
    {
      title: "shirt colour and size twice (colour ignoring case)",
      body: () =>
        shirtBody({
          shirtVariants: [
            { color: "Navy", size: "S" },
            { color: "NAVY", size: "S" },
          ],
        }),
      field: "shirtVariants.1.color",
      message: "This color and size combination already exists",
    },
    {
      title: "shirt colour missing",
      body: () => shirtBody({ shirtVariants: [{ color: " ", size: "S" }] }),
      field: "shirtVariants.0.color",
      message: "Colour is required",
    },
    {
      title: "shirt without sizes",
      body: () => shirtBody({ shirtDetails: { material: "Cotton", availableSizes: [] } }),
      field: "shirtDetails.availableSizes",
      message: "Choose at least one size",
    },
    {
      title: "shirt material missing",
      body: () => shirtBody({ shirtDetails: { availableSizes: ["M"] } }),
      field: "shirtDetails.material",
      message: "Material is required",
    },
    {
      title: "price calculation missing",
      body: () => mugBody({ priceCalculation: undefined }),
      field: "priceCalculation",
      message: "This field is required",
    },
    {
      title: "purchase price negative",
      body: () => mugBody({ priceCalculation: price({ purchasePriceCents: -1 }) }),
      field: "priceCalculation.purchasePriceCents",
      message: "Enter an amount in euros (0 to 100,000)",
    },
    {
      title: "sales total missing for the TOTAL driver",
      body: () => mugBody({ priceCalculation: price({ salesTotalCents: undefined }) }),
      field: "priceCalculation.salesTotalCents",
      message: "This field is required",
    },
    {
      title: "margin percent with four decimals",
      body: () => mugBody({ priceCalculation: price({ salesDriver: "PERCENT", salesMarginPercent: 12.3456 }) }),
      field: "priceCalculation.salesMarginPercent",
      message: "Enter a percentage with at most three decimals",
    },
    {
      title: "units per package 0",
      body: () => mugBody({ priceCalculation: price({ purchasePriceUnit: "PACKAGE", purchaseUnitsPerPackage: 0 }) }),
      field: "priceCalculation.purchaseUnitsPerPackage",
      message: "Units per package must be a whole number of at least 1",
    },
    {
      title: "a sales total whose margin percent leaves the column range",
      body: () => mugBody({ priceCalculation: price({ purchasePriceCents: 1, purchaseCostCents: 0, salesTotalCents: 10_000_000 }) }),
      field: "priceCalculation.salesTotalCents",
      message: "This value makes the price calculation exceed the allowed range",
    },
    {
      title: "a margin that makes the total negative",
      body: () => mugBody({ priceCalculation: price({ salesDriver: "MARGIN", salesMarginCents: -500 }) }),
      field: "priceCalculation.salesMarginCents",
      message: "This value makes the price calculation exceed the allowed range",
    },
    {
      title: "a cost whose percent leaves the column range",
      body: () => mugBody({ priceCalculation: price({ purchasePriceCents: 1, purchaseCostCents: 500 }) }),
      field: "priceCalculation.purchaseCostCents",
      message: "This value makes the price calculation exceed the allowed range",
    },
  ];
  for (const row of bad) {
    it(`POST /api/admin/articles – ${row.title} → 422 "${row.message}" on ${row.field}, nothing stored`, async () => {
      const before = await rowCounts();
      const res = await create(row.body());
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field], JSON.stringify(res.body.errors)).toBe(row.message);
      expect(await rowCounts()).toEqual(before);
    });
  }

  it("POST /api/admin/articles – field errors answer in German for a German caller", async () => {
    const schema = await create(mugBody({ mugDetails: { ...MUG_DETAILS, documentWidthMm: 200 } }), { lang: "de" });
    expect(schema.status).toBe(422);
    expect(schema.body.errors?.["mugDetails.documentWidthMm"]).toBe("Die Dokumentbreite muss größer als die Breite der Druckvorlage sein");
    const service = await create(mugBody({ mugVariants: [variant({ name: "A" }), variant({ name: "a" })] }), { lang: "de" });
    expect(service.status).toBe(422);
    expect(service.body.errors?.["mugVariants.1.name"]).toBe("Eine Variante mit diesem Namen existiert bereits");
  });

  it("POST /api/admin/articles – one invalid variant among valid ones saves nothing: no article, details, price or variant rows", async () => {
    const before = await rowCounts();
    const cases = [
      mugBody({ mugVariants: [variant({ name: "Good" }), variant({ name: "good" })] }),
      mugBody({ mugVariants: [variant({ name: "Good", isDefault: true }), variant({ name: "Also default", isDefault: true })] }),
      mugBody({ mugVariants: [variant({ name: "Good" }), variant({ name: "Bad colour", outsideColorCode: "#GGGGGG" })] }),
      shirtBody({
        shirtVariants: [
          { color: "Navy", size: "S" },
          { color: "Navy", size: "3XL" },
        ],
      }),
      // Everything valid but a reference the transaction finds missing.
      mugBody({ mugVariants: [variant(), variant()], supplierId: 999_999 }),
    ];
    for (const body of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      const [row] = await (
        await getDb()
      )
        .select()
        .from(articles)
        .where(eq(articles.articleNumber, String(body.articleNumber)));
      expect(row).toBeUndefined();
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("POST /api/admin/articles – a used article number (ignoring case) → 409 with message and field error, nothing stored", async () => {
    const before = await rowCounts();
    for (const number of [MUG_ARTICLE.articleNumber, MUG_ARTICLE.articleNumber.toLowerCase(), ` ${MUG_ARTICLE.articleNumber} `]) {
      const res = await create(mugBody({ articleNumber: number, mugVariants: [variant()] }));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        message: "This article number is already in use",
        errors: { articleNumber: "This article number is already in use" },
      });
    }
    expect(await rowCounts()).toEqual(before);
    const de = await create(mugBody({ articleNumber: MUG_ARTICLE.articleNumber }), { lang: "de" });
    expect(de.body.errors?.articleNumber).toBe("Diese Artikelnummer ist bereits vergeben");
  });

  it("POST /api/admin/articles – two concurrent creates with one number: one 201, one 409, never 500", async () => {
    const number = unique("T-RACE");
    const results = await Promise.all([create(mugBody({ articleNumber: number })), create(mugBody({ articleNumber: number }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await (await getDb()).select().from(articles).where(eq(articles.articleNumber, number))).toHaveLength(1);
  });

  it("POST /api/admin/articles – malformed JSON → 400, a non-JSON content type → 415, an array → 422; never 500", async () => {
    const cookie = await admin();
    const malformed = await call(collection.POST, { method: "POST", body: "{type: MUG", cookie });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ message: "The request body is not valid JSON" });
    const text = await call(collection.POST, { method: "POST", body: "type=MUG", headers: { "content-type": "text/plain" }, cookie });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ message: "The request body must be JSON" });
    expect((await call(collection.POST, { method: "POST", body: [mugBody()], cookie })).status).toBe(422);
  });
});

// ── List ─────────────────────────────────────────────────────────────────────────────────────────

describe("GET /api/admin/articles", () => {
  /** Articles named "Tlist …" with known gross prices. */
  const fx = { alpha: 0, beta: 0, gamma: 0, delta: 0, pct: 0, shirt: 0, inactive: 0, unpriced: 0 };
  let thumbImageId = 0;
  let shirtImageId = 0;

  beforeAll(async () => {
    const gross = (cents: number) => price({ salesTotalCents: cents });
    fx.alpha = (
      await created(
        mugBody({
          name: "Tlist Alpha",
          articleNumber: "LST-A",
          priceCalculation: gross(1499),
          mugVariants: [variant(), variant({ isDefault: true })],
        }),
      )
    ).id;
    // 10.00 € NET at 19 % → 11.90 € gross: sorts after 11.50 € gross, though its stored total is lower.
    fx.beta = (
      await created(
        mugBody({ name: "tlist beta", articleNumber: "LST-B", priceCalculation: price({ salesTotalCents: 1000, salesPriceMode: "NET" }) }),
      )
    ).id;
    fx.gamma = (
      await created(mugBody({ name: "Tlist Gamma", articleNumber: "LST-C", subcategoryId: ref.enamel, priceCalculation: gross(1150) }))
    ).id;
    fx.delta = (
      await created(mugBody({ name: "Tlist Delta", nameDe: "Tliste Becher Delta", articleNumber: "LST-D", priceCalculation: gross(2500) }))
    ).id;
    fx.pct = (await created(mugBody({ name: "Tlist 50% Mug", articleNumber: "LST-E", priceCalculation: gross(3000) }))).id;
    fx.shirt = (
      await created(
        shirtBody({
          name: "Tlist Shirt",
          articleNumber: "LST-F",
          priceCalculation: gross(2000),
          shirtVariants: [
            { color: "Navy", size: "S" },
            { color: "Navy", size: "M" },
            { color: "Sand", size: "L" },
          ],
        }),
      )
    ).id;
    fx.inactive = (await created(mugBody({ name: "Tlist Off", articleNumber: "LST-G", active: false, priceCalculation: gross(1800) }))).id;
    fx.unpriced = (await created(mugBody({ name: "Tlist No price", articleNumber: "LST-H", priceCalculation: gross(1900) }))).id;
    const db = await getDb();
    // An article without a price calculation is listed with no price.
    await db.delete(articlePriceCalculations).where(eq(articlePriceCalculations.articleId, fx.unpriced));
    // Thumbnails: alpha's default variant has a catalogue image, beta's a customer image (never shown), the shirt's second variant one.
    thumbImageId = await catalogueImage();
    await db
      .update(mugVariants)
      .set({ exampleImageId: thumbImageId })
      .where(and(eq(mugVariants.articleId, fx.alpha), eq(mugVariants.isDefault, true)));
    await db
      .update(mugVariants)
      .set({ exampleImageId: await catalogueImage() })
      .where(and(eq(mugVariants.articleId, fx.alpha), eq(mugVariants.isDefault, false)));
    await created(mugBody({ name: "Tlist Customer image", articleNumber: "LST-I", mugVariants: [variant({ name: "Only" })] })).then(
      async (a) => {
        await db
          .update(mugVariants)
          .set({ exampleImageId: await customerImage() })
          .where(eq(mugVariants.articleId, a.id));
      },
    );
    shirtImageId = await catalogueImage();
    const [, second] = await db.select().from(shirtVariants).where(eq(shirtVariants.articleId, fx.shirt)).orderBy(shirtVariants.id);
    await db
      .update(shirtVariants)
      .set({ exampleImageId: shirtImageId })
      .where(eq(shirtVariants.id, must(second, "second shirt variant").id));
  });

  const names = (page: ArticlePageDto) => page.items.map((i) => i.name);

  it("GET /api/admin/articles – a page with total, defaults page 1 of 20, sorted by name", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 20 });
    const all = await (await getDb()).select({ id: articles.id }).from(articles);
    expect(res.body.total).toBe(all.length);
    expect(res.body.items.length).toBe(Math.min(20, all.length));
    const lower = names(res.body).map((n) => n.toLowerCase());
    expect(lower).toEqual([...lower].sort());
  });

  it("GET /api/admin/articles – a row: category, subcategory, gross price, variant count, thumbnail of the default variant", async () => {
    const page = (await list("?q=Tlist&pageSize=100")).body;
    const byId = new Map(page.items.map((i) => [i.id, i]));
    expect(byId.get(fx.alpha)).toMatchObject({
      type: "MUG",
      name: "Tlist Alpha",
      articleNumber: "LST-A",
      active: true,
      category: { id: ref.mugs, name: MUG_CATEGORY.name },
      subcategory: { id: ref.ceramic, name: MUG_CATEGORY.subcategories[0]?.name },
      priceCents: 1499,
      variantCount: 2,
      thumbnailUrl: `/api/images/${thumbImageId}`,
    });
    expect(byId.get(fx.beta)).toMatchObject({ priceCents: 1190, variantCount: 0, thumbnailUrl: null });
    expect(byId.get(fx.shirt)).toMatchObject({
      type: "SHIRT",
      variantCount: 3,
      thumbnailUrl: `/api/images/${shirtImageId}`,
      priceCents: 2000,
    });
    expect(byId.get(fx.unpriced)).toMatchObject({ priceCents: null });
    expect(page.items.find((i) => i.name === "Tlist Customer image")).toMatchObject({ variantCount: 1, thumbnailUrl: null });
  });

  it("GET /api/admin/articles – the seeded mug's price is the one GET /api/mugs shows", async () => {
    const id = await seededMugId();
    const row = (await list(`?q=${MUG_ARTICLE.articleNumber}`)).body.items.find((i) => i.id === id);
    const shop = (await publicMugs()).find((m) => m.id === id);
    expect(row?.priceCents).toBe(shop?.price.priceCents);
    expect(row?.variantCount).toBe(MUG_ARTICLE.variants.length);
  });

  it("GET /api/admin/articles – type filter", async () => {
    const shirts = (await list("?type=SHIRT&pageSize=100")).body;
    expect(shirts.items.length).toBeGreaterThan(0);
    expect(shirts.items.every((i) => i.type === "SHIRT")).toBe(true);
    expect(shirts.items.map((i) => i.id)).toContain(fx.shirt);
    const mugs = (await list("?type=MUG&q=Tlist&pageSize=100")).body;
    expect(mugs.items.every((i) => i.type === "MUG")).toBe(true);
    expect(mugs.total).toBe(8);
  });

  it("GET /api/admin/articles – category and subcategory filters", async () => {
    const byCategory = (await list(`?categoryId=${ref.shirts}&pageSize=100`)).body;
    expect(byCategory.items.every((i) => i.category.id === ref.shirts)).toBe(true);
    expect(byCategory.items.map((i) => i.id)).toContain(fx.shirt);
    const bySub = (await list(`?categoryId=${ref.mugs}&subcategoryId=${ref.enamel}&q=Tlist`)).body;
    expect(bySub.items.map((i) => i.id)).toEqual([fx.gamma]);
    expect((await list(`?categoryId=${ref.shirts}&subcategoryId=${ref.enamel}`)).body.total).toBe(0);
  });

  it("GET /api/admin/articles – active filter", async () => {
    const inactive = (await list("?active=false&q=Tlist")).body;
    expect(inactive.items.map((i) => i.id)).toEqual([fx.inactive]);
    const active = (await list("?active=true&q=Tlist&pageSize=100")).body;
    expect(active.items.every((i) => i.active)).toBe(true);
    expect(active.total).toBe(8);
  });

  it("GET /api/admin/articles – q searches name, German name and article number, ignoring case", async () => {
    expect(names((await list("?q=tLiSt%20alpha")).body)).toEqual(["Tlist Alpha"]);
    expect(names((await list("?q=becher%20delta")).body)).toEqual(["Tlist Delta"]);
    expect(names((await list("?q=lst-c")).body)).toEqual(["Tlist Gamma"]);
    expect((await list("?q=nothing-like-this")).body).toMatchObject({ items: [], total: 0 });
  });

  it("GET /api/admin/articles – % and _ in q are taken literally", async () => {
    expect(names((await list("?q=50%25")).body)).toEqual(["Tlist 50% Mug"]);
    expect(names((await list("?q=%25")).body)).toEqual(["Tlist 50% Mug"]);
    expect((await list("?q=_")).body.total).toBe(0);
    expect((await list("?q=LST_A")).body.total).toBe(0);
  });

  it("GET /api/admin/articles – sort by name, article number, creation and price, both ways", async () => {
    const q = "?q=Tlist&pageSize=100&sort=";
    const byName = names((await list(`${q}name`)).body);
    expect(byName.slice(0, 3)).toEqual(["Tlist 50% Mug", "Tlist Alpha", "tlist beta"]);
    expect(names((await list(`${q}-name`)).body)).toEqual([...byName].reverse());
    const numbers = (await list(`${q}-articleNumber`)).body.items.map((i) => i.articleNumber);
    expect(numbers.slice(0, 2)).toEqual(["LST-I", "LST-H"]);
    const byCreated = (await list(`${q}createdAt`)).body.items.map((i) => i.id);
    expect(byCreated.slice(0, 2)).toEqual([fx.alpha, fx.beta]);
    // Gross shop price: 11.50 < 11.90 (10.00 net) < 14.99 < … ; no price last either way.
    const byPrice = (await list(`${q}price`)).body.items;
    expect(byPrice.slice(0, 3).map((i) => i.id)).toEqual([fx.gamma, fx.beta, fx.alpha]);
    expect(byPrice.map((i) => i.priceCents)).toEqual([1150, 1190, 1499, 1499, 1800, 2000, 2500, 3000, null]);
    const byPriceDesc = (await list(`${q}-price`)).body.items;
    expect(byPriceDesc.map((i) => i.priceCents)).toEqual([3000, 2500, 2000, 1800, 1499, 1499, 1190, 1150, null]);
  });

  it("GET /api/admin/articles – paging: page and pageSize with the same total on every page", async () => {
    const first = (await list("?q=Tlist&pageSize=4&page=1")).body;
    const second = (await list("?q=Tlist&pageSize=4&page=2")).body;
    const third = (await list("?q=Tlist&pageSize=4&page=3")).body;
    expect([first.total, second.total, third.total]).toEqual([9, 9, 9]);
    expect([first.items.length, second.items.length, third.items.length]).toEqual([4, 4, 1]);
    expect(new Set([...first.items, ...second.items, ...third.items].map((i) => i.id)).size).toBe(9);
    expect(second).toMatchObject({ page: 2, pageSize: 4 });
    expect((await list("?q=Tlist&pageSize=4&page=50")).body).toMatchObject({ items: [], total: 9, page: 50 });
  });

  const badQueries = ["?type=CUP", "?sort=password", "?page=0", "?pageSize=101", "?active=yes", "?categoryId=abc", `?q=${"x".repeat(201)}`];
  for (const query of badQueries) {
    it(`GET /api/admin/articles${query.slice(0, 20)} → 422`, async () => {
      const res = await list(query);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
    });
  }
});

// ── Read ─────────────────────────────────────────────────────────────────────────────────────────

describe("GET /api/admin/articles/{articleId}", () => {
  it("GET /api/admin/articles/{articleId} – the seeded mug: details, price and shop price as the shop shows it, default variant first", async () => {
    const id = await seededMugId();
    const res = await get(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      type: "MUG",
      articleNumber: MUG_ARTICLE.articleNumber,
      mugDetails: MUG_ARTICLE.details,
      shirtDetails: null,
    });
    const shop = (await publicMugs()).find((m) => m.id === id);
    expect(res.body.priceCalculation?.shopPrice).toEqual({
      grossCents: shop?.price.priceCents,
      netCents: shop?.price.netPriceCents,
      vatPercent: shop?.price.vatPercent,
    });
    const variants = res.body.mugVariants;
    expect(variants[0]?.isDefault).toBe(true);
    expect(variants.slice(1).map((v) => v.id)).toEqual([...variants.slice(1).map((v) => v.id)].sort((a, b) => a - b));
    expect(variants.map((v) => v.name).sort()).toEqual(MUG_ARTICLE.variants.map((v) => v.name).sort());
  });

  it("GET /api/admin/articles/{articleId} – unknown → 404 Article not found; malformed → 404", async () => {
    expect((await get(999_999)).body).toMatchObject({ message: "Article not found" });
    expect((await get(999_999)).status).toBe(404);
    for (const id of ["abc", "-1", "0", "1.5"]) expect((await get(id)).status).toBe(404);
  });
});

// ── Update ───────────────────────────────────────────────────────────────────────────────────────

describe("PUT /api/admin/articles/{articleId}", () => {
  it("PUT /api/admin/articles/{articleId} – replaces fields and details; variants stay", async () => {
    const a = await created(mugBody({ mugVariants: [variant({ name: "Keep me" })] }));
    const res = await put(
      a.id,
      updateBodyOf(a, {
        name: "Test renamed",
        nameDe: null,
        active: false,
        subcategoryId: ref.enamel,
        supplierId: null,
        mugDetails: { ...MUG_DETAILS, heightMm: 100.5, documentBottomMarginMm: 0, dishwasherSafe: false },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: "Test renamed",
      nameDe: null,
      active: false,
      subcategory: { id: ref.enamel },
      supplier: null,
      mugDetails: { ...MUG_DETAILS, heightMm: 100.5, documentBottomMarginMm: 0, dishwasherSafe: false },
    });
    expect(res.body.mugVariants).toEqual(a.mugVariants);
    expect((await get(a.id)).body).toEqual(res.body);
    // Inactive: the shop no longer lists it.
    expect((await publicMugs()).some((m) => m.id === a.id)).toBe(false);
  });

  it("PUT /api/admin/articles/{articleId} – a new margin percent recomputes margin and total; a new total recomputes margin and percent", async () => {
    const a = await created(mugBody());
    // 400 net per unit × 100 % = 400 margin → 800 net → 952 gross
    const byPercent = await put(
      a.id,
      updateBodyOf(a, { priceCalculation: price({ salesDriver: "PERCENT", salesMarginPercent: 100, salesTotalCents: 1 }) }),
    );
    expect(byPercent.status, JSON.stringify(byPercent.body)).toBe(200);
    expect(byPercent.body.priceCalculation).toMatchObject({
      salesMarginPercent: 100,
      salesMarginCents: 400,
      salesTotalCents: 952,
      shopPrice: { grossCents: 952, netCents: 800 },
    });
    // 11.90 € gross → 10.00 € net → margin 600 = 150 %
    const byTotal = await put(
      a.id,
      updateBodyOf(a, { priceCalculation: price({ salesDriver: "TOTAL", salesTotalCents: 1190, salesMarginPercent: 1 }) }),
    );
    expect(byTotal.body.priceCalculation).toMatchObject({ salesTotalCents: 1190, salesMarginCents: 600, salesMarginPercent: 150 });
    // margin 2.00 € → 50 %; 600 net → 714 gross
    const byMargin = await put(a.id, updateBodyOf(a, { priceCalculation: price({ salesDriver: "MARGIN", salesMarginCents: 200 }) }));
    expect(byMargin.body.priceCalculation).toMatchObject({ salesMarginCents: 200, salesMarginPercent: 50, salesTotalCents: 714 });
    // cost as a percent: 12.5 % of 3.33 € = 0.42 € (41.625 half up)
    const costPercent = await put(
      a.id,
      updateBodyOf(a, { priceCalculation: price({ purchasePriceCents: 333, purchaseCostDriver: "PERCENT", purchaseCostPercent: 12.5 }) }),
    );
    expect(costPercent.body.priceCalculation).toMatchObject({ purchaseCostCents: 42, purchaseCostPercent: 12.5, purchaseTotalCents: 375 });
    // A gross purchase price at 7 %: 10.70 € → 10.00 € net; total 14.99 € gross → 1260 net → margin 260 = 26 %
    const grossPurchase = await put(
      a.id,
      updateBodyOf(a, {
        priceCalculation: price({
          purchasePriceCents: 1070,
          purchaseCostCents: 0,
          purchasePriceMode: "GROSS",
          purchaseVatRateId: ref.reducedVat,
        }),
      }),
    );
    expect(grossPurchase.body.priceCalculation).toMatchObject({ purchaseTotalCents: 1070, salesMarginCents: 260, salesMarginPercent: 26 });
    // The stored row holds exactly the derived figures.
    const [row] = await (await getDb()).select().from(articlePriceCalculations).where(eq(articlePriceCalculations.articleId, a.id));
    expect(row).toMatchObject({
      purchasePriceCents: 1070,
      purchaseTotalCents: 1070,
      salesMarginCents: 260,
      salesTotalCents: 1499,
      purchasePriceMode: "GROSS",
      purchaseVatRateId: ref.reducedVat,
    });
    expect(Number(row?.salesMarginPercent)).toBe(26);
  });

  it("PUT /api/admin/articles/{articleId} – the type cannot change → 422 on type, nothing changed", async () => {
    const a = await created(mugBody());
    const res = await put(a.id, { ...shirtBody(), articleNumber: a.articleNumber });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ type: "The article type cannot be changed" });
    expect((await get(a.id)).body).toEqual(a);
  });

  it("PUT /api/admin/articles/{articleId} – a shirt cannot drop a size its variants use; an unused size can go", async () => {
    const a = await created(
      shirtBody({
        shirtVariants: [
          { color: "Navy", size: "S" },
          { color: "Navy", size: "M" },
        ],
      }),
    );
    const dropUsed = await put(a.id, updateBodyOf(a, { shirtDetails: { ...a.shirtDetails, availableSizes: ["S", "L"] } }));
    expect(dropUsed.status).toBe(422);
    expect(dropUsed.body.errors).toEqual({ "shirtDetails.availableSizes": "A size that variants use cannot be removed" });
    const dropUnused = await put(
      a.id,
      updateBodyOf(a, { shirtDetails: { ...a.shirtDetails, availableSizes: ["M", "S", "XL"], fitType: "LOOSE" } }),
    );
    expect(dropUnused.status, JSON.stringify(dropUnused.body)).toBe(200);
    expect(dropUnused.body.shirtDetails).toMatchObject({ availableSizes: ["M", "S", "XL"], fitType: "LOOSE" });
  });

  it("PUT /api/admin/articles/{articleId} – validates like POST (details, references, price range), nothing changed", async () => {
    const a = await created(mugBody());
    const rows: [Body, string, string][] = [
      [{ name: "" }, "name", "Name is required"],
      [
        { mugDetails: { ...MUG_DETAILS, documentHeightMm: 80, documentBottomMarginMm: 0 } },
        "mugDetails.documentHeightMm",
        "Document height must be greater than the print template height",
      ],
      [{ subcategoryId: ref.unisex }, "subcategoryId", "The subcategory does not belong to the chosen category"],
      [{ categoryId: 999_999 }, "categoryId", "This entry does not exist"],
      [
        {
          priceCalculation: price({
            salesDriver: "PERCENT",
            salesMarginPercent: 9999,
            purchasePriceCents: 10_000_000,
            purchaseCostCents: 10_000_000,
          }),
        },
        "priceCalculation.salesMarginPercent",
        "This value makes the price calculation exceed the allowed range",
      ],
    ];
    for (const [overrides, field, message] of rows) {
      const res = await put(a.id, updateBodyOf(a, overrides));
      expect(res.status, field).toBe(422);
      expect(res.body.errors?.[field]).toBe(message);
    }
    expect((await get(a.id)).body).toEqual(a);
  });

  it("PUT /api/admin/articles/{articleId} – another article's number → 409; its own number (in another case) is fine", async () => {
    const a = await created(mugBody());
    const taken = await put(a.id, updateBodyOf(a, { articleNumber: MUG_ARTICLE.articleNumber }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      message: "This article number is already in use",
      errors: { articleNumber: "This article number is already in use" },
    });
    const own = await put(a.id, updateBodyOf(a, { articleNumber: must(a.articleNumber, "article number").toLowerCase() }));
    expect(own.status).toBe(200);
    expect(own.body.articleNumber).toBe(must(a.articleNumber, "article number").toLowerCase());
  });

  it("PUT /api/admin/articles/{articleId} – unknown → 404 Article not found; malformed → 404", async () => {
    const a = await created(mugBody());
    const res = await put(999_999, updateBodyOf(a));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Article not found");
    expect((await put("x", updateBodyOf(a))).status).toBe(404);
  });

  it("PUT /api/admin/articles/{articleId} – a new sales total reaches the customer: refresh-prices marks the cart line changed, GET /api/mugs shows the new price", async () => {
    const mugId = await seededMugId();
    await fillCart("customer", customerId);
    const before = (await get(mugId)).body;
    const oldPrice = must(before.priceCalculation?.shopPrice, "shop price").grossCents;
    expect((await publicMugs()).find((m) => m.id === mugId)?.price.priceCents).toBe(oldPrice);

    const res = await put(
      mugId,
      updateBodyOf(before, { priceCalculation: { ...(updateBodyOf(before).priceCalculation as Body), salesTotalCents: 1799 } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.priceCalculation?.shopPrice?.grossCents).toBe(1799);
    expect({ ...res.body, priceCalculation: null, updatedAt: null }).toEqual({ ...before, priceCalculation: null, updatedAt: null });

    const refreshed = await call<CartDto>(refreshRoute.POST, {
      method: "POST",
      path: "/api/user/cart/refresh-prices",
      cookie: await loginAs("customer"),
    });
    expect(refreshed.status).toBe(200);
    const line = refreshed.body.items.find((i) => i.mug.id === mugId);
    expect(line).toMatchObject({ unitPriceCents: 1799, earlierUnitPriceCents: oldPrice, priceChanged: true });
    expect(refreshed.body.summary.hasPriceChanges).toBe(true);
    expect((await publicMugs()).find((m) => m.id === mugId)?.price.priceCents).toBe(1799);

    // Back to the seeded price for the tests that follow.
    expect((await put(mugId, updateBodyOf(before))).body.priceCalculation?.shopPrice?.grossCents).toBe(oldPrice);
    await clearCart("customer");
  });
});

// ── Delete ───────────────────────────────────────────────────────────────────────────────────────

describe("DELETE /api/admin/articles/{articleId}", () => {
  /** Puts one generated design on the given mug into the user's (emptied) cart through the cart API. */
  async function cartLineOn(who: "customer" | "other", mug: ArticleDto) {
    await clearCart(who);
    const ownerId = await userIdOf(TEST_USERS[who].email);
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#396" } })
      .png()
      .toBuffer();
    const image = await storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId, promptId: null });
    const res = await call<CartDto & ErrorBody>(cartItemsRoute.POST, {
      method: "POST",
      path: "/api/user/cart/items",
      body: { mugId: mug.id, variantId: must(mug.mugVariants[0], "variant").id, imageId: image.id, quantity: 1 },
      cookie: await loginAs(who),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  it("DELETE /api/admin/articles/{articleId} – a fresh article goes with its details, price and variants (200 deleted)", async () => {
    const a = await created(mugBody({ mugVariants: [variant(), variant()] }));
    const res = await remove(a.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, deactivated: false });
    expect((await get(a.id)).status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(mugDetails).where(eq(mugDetails.articleId, a.id))).toHaveLength(0);
    expect(await db.select().from(articlePriceCalculations).where(eq(articlePriceCalculations.articleId, a.id))).toHaveLength(0);
    expect(await db.select().from(mugVariants).where(eq(mugVariants.articleId, a.id))).toHaveLength(0);
    expect((await remove(a.id)).status).toBe(404);
  });

  it("DELETE /api/admin/articles/{articleId} – a fresh shirt goes with its details and variants", async () => {
    const a = await created(shirtBody({ shirtVariants: [{ color: "Navy", size: "S" }] }));
    expect((await remove(a.id)).body).toEqual({ deleted: true, deactivated: false });
    const db = await getDb();
    expect(await db.select().from(shirtDetails).where(eq(shirtDetails.articleId, a.id))).toHaveLength(0);
    expect(await db.select().from(shirtVariants).where(eq(shirtVariants.articleId, a.id))).toHaveLength(0);
  });

  it("DELETE /api/admin/articles/{articleId} – the variants' catalogue images go (row and file) unless another variant still uses one", async () => {
    const a = await created(mugBody({ mugVariants: [variant(), variant()] }));
    const other = await created(mugBody({ mugVariants: [variant()] }));
    const own = await catalogueImage();
    const shared = await catalogueImage();
    const db = await getDb();
    await db
      .update(mugVariants)
      .set({ exampleImageId: own })
      .where(eq(mugVariants.id, must(a.mugVariants[0], "variant").id));
    await db
      .update(mugVariants)
      .set({ exampleImageId: shared })
      .where(inArray(mugVariants.id, [must(a.mugVariants[1], "variant").id, must(other.mugVariants[0], "variant").id]));
    const [ownRow] = await db.select().from(images).where(eq(images.id, own));
    expect(fs.existsSync(path.join(storageDir, must(ownRow, "image row").storageKey))).toBe(true);

    expect((await remove(a.id)).body).toEqual({ deleted: true, deactivated: false });
    expect(await db.select().from(images).where(eq(images.id, own))).toHaveLength(0);
    expect(fs.existsSync(path.join(storageDir, must(ownRow, "image row").storageKey))).toBe(false);
    expect(await db.select().from(images).where(eq(images.id, shared))).toHaveLength(1);
    expect((await get(other.id)).body.mugVariants[0]?.exampleImageId).toBe(shared);
  });

  it("DELETE /api/admin/articles/{articleId} – an article an order refers to is deactivated, not deleted; the order keeps it", async () => {
    const a = await created(mugBody({ mugVariants: [variant({ name: "Ordered" })] }));
    await cartLineOn("customer", a);
    const order = await placeOrder(checkoutBody());
    expect(order.status, JSON.stringify(order.body)).toBe(201);

    const res = await remove(a.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: false, deactivated: true });
    const after = await get(a.id);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ active: false, mugVariants: a.mugVariants, priceCalculation: a.priceCalculation });
    const lines = await (await getDb()).select().from(orderItems).where(eq(orderItems.articleId, a.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.mugVariantId).toBe(must(a.mugVariants[0], "variant").id);
    // Out of the shop; a second DELETE answers the same.
    expect((await publicMugs()).some((m) => m.id === a.id)).toBe(false);
    expect((await remove(a.id)).body).toEqual({ deleted: false, deactivated: true });
  });

  it("DELETE /api/admin/articles/{articleId} – an article only a cart refers to is deactivated too; the cart then drops the line", async () => {
    const a = await created(mugBody({ mugVariants: [variant()] }));
    await cartLineOn("other", a);
    expect((await remove(a.id)).body).toEqual({ deleted: false, deactivated: true });
    expect((await get(a.id)).body.active).toBe(false);
    const refreshed = await call<CartDto>(refreshRoute.POST, {
      method: "POST",
      path: "/api/user/cart/refresh-prices",
      cookie: await loginAs("other"),
    });
    expect(refreshed.body.items.some((i) => i.mug.id === a.id)).toBe(false);
  });

  it("DELETE /api/admin/articles/{articleId} – unknown → 404 Article not found; malformed → 404", async () => {
    const res = await remove(999_999);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Article not found");
    expect((await remove("abc")).status).toBe(404);
  });
});
