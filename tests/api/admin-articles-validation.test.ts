import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/articles/route";
import { getDb } from "@/db/client";
import { articles } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { call } from "../helpers/api";
import {
  ref,
  unique,
  price,
  MUG_DETAILS,
  mugBody,
  shirtBody,
  variant,
  admin,
  create,
  rowCounts,
  setupArticleFixtures,
} from "../helpers/admin-articles";

setupArticleFixtures();

describe("POST /api/admin/articles", () => {
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
