import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/admin/articles/route";
import * as item from "@/app/api/admin/articles/[articleId]/route";
import { SUPPLIER } from "@/db/seed-data";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import {
  ref,
  price,
  MUG_CATEGORY,
  MUG_DETAILS,
  mugBody,
  shirtBody,
  variant,
  updateBodyOf,
  params,
  create,
  created,
  get,
  publicMugs,
  rowCounts,
  setupArticleFixtures,
} from "../helpers/admin-articles";

setupArticleFixtures();

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
});
