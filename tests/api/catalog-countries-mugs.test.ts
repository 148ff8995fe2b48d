import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import * as mugsRoute from "@/app/api/mugs/route";
import * as vatCollection from "@/app/api/admin/vat/route";
import * as vatItem from "@/app/api/admin/vat/[vatId]/route";
import { call, loginAs } from "../helpers/api";
import { getDb } from "@/db/client";
import { articleCategories, articlePriceCalculations, articles, mugDetails, mugVariants, vatRates } from "@/db/schema";
import { COUNTRIES, MUG_ARTICLE, SHIRT_ARTICLE } from "@/db/seed-data";
import { salesPrice } from "@/lib/domain/pricing";
import type { MugDto } from "@/lib/schemas/catalog";
import { invalidateCatalog } from "@/lib/services/catalog-cache";

import { CATALOG_CACHE, IMAGE_URL, articleIdOf, countries, getMugs, isSorted, sampleMug } from "../helpers/catalog";

describe("GET /api/countries", () => {
  it("lists every country with both names, sorted by the English name for English callers", async () => {
    const res = await countries();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(CATALOG_CACHE);
    expect(res.body).toHaveLength(COUNTRIES.length);
    expect(res.body[0]).toEqual({ code: "AT", name: "Austria", nameEn: "Austria", nameDe: "Österreich" });
    expect(res.body.find((c) => c.code === "DE")).toEqual({ code: "DE", name: "Germany", nameEn: "Germany", nameDe: "Deutschland" });
    expect(res.body.every((c) => c.name === c.nameEn)).toBe(true);
    expect(
      isSorted(
        res.body.map((c) => c.name),
        "en",
      ),
    ).toBe(true);
    for (const c of res.body) expect(Object.keys(c).sort()).toEqual(["code", "name", "nameDe", "nameEn"]);
  });

  it("German callers (cookie) get German names in German order: Österreich between Niederlande and Polen", async () => {
    const res = await countries({}, "NEXT_LOCALE=de");
    expect(res.status).toBe(200);
    expect(res.body.every((c) => c.name === c.nameDe)).toBe(true);
    const names = res.body.map((c) => c.name);
    expect(names[0]).toBe("Belgien");
    expect(names.indexOf("Österreich")).toBe(names.indexOf("Niederlande") + 1);
    expect(names.indexOf("Polen")).toBe(names.indexOf("Österreich") + 1);
    expect(isSorted(names, "de")).toBe(true);
    expect(res.body.find((c) => c.code === "DE")?.name).toBe("Deutschland");
  });

  it("the browser language decides without a cookie; the stored preference wins over it", async () => {
    expect((await countries({ "accept-language": "de-DE,de;q=0.9,en;q=0.5" })).body[0]?.name).toBe("Belgien");
    expect((await countries({ "accept-language": "de-DE" }, "NEXT_LOCALE=en")).body[0]?.name).toBe("Austria");
    // The cache is per language: English again after German.
    expect((await countries()).body[0]?.name).toBe("Austria");
  });

  it("says the answer varies with the language headers (it is publicly cacheable)", async () => {
    const vary = (await countries()).headers.get("vary") ?? "";
    expect(vary.toLowerCase()).toContain("accept-language");
    expect(vary.toLowerCase()).toContain("cookie");
  });
});

describe("GET /api/mugs – the seeded catalogue", () => {
  it("lists the sample mug 82/95/250 with its details, anonymous access, cacheable", async () => {
    const res = await call<MugDto[]>(mugsRoute.GET, { path: "/api/mugs" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(CATALOG_CACHE);
    const mug = sampleMug(res.body);
    expect(mug).toMatchObject({
      name: MUG_ARTICLE.name,
      shortDescription: MUG_ARTICLE.shortDescription,
      diameterMm: 82,
      heightMm: 95,
      fillingQuantityMl: 250,
      dishwasherSafe: true,
      printTemplateWidthMm: 200,
      printTemplateHeightMm: 80,
      documentWidthMm: 210,
      documentHeightMm: 90,
      documentBottomMarginMm: 5,
    });
  });

  it("has the active variants, default first, each with its example image URL", async () => {
    const { variants } = sampleMug(await getMugs());
    expect(variants.map((v) => v.name)).toEqual(MUG_ARTICLE.variants.map((v) => v.name));
    expect(variants[0]).toMatchObject({ name: "White", isDefault: true, articleVariantNumber: "MUG-001-WHT", insideColorCode: "#FFFFFF" });
    expect(variants.filter((v) => v.isDefault)).toHaveLength(1);
    for (const v of variants) expect(v.exampleImageUrl).toMatch(IMAGE_URL);
    for (const v of variants) {
      expect(Object.keys(v).sort()).toEqual([
        "articleVariantNumber",
        "exampleImageUrl",
        "id",
        "insideColorCode",
        "isDefault",
        "name",
        "outsideColorCode",
      ]);
    }
  });

  it("prices the mug on the server from its price calculation: 14.99 € gross at 19 %", async () => {
    const mug = sampleMug(await getMugs());
    expect(mug.price).toEqual({ priceCents: 1499, netPriceCents: 1260, vatPercent: 19, currency: "EUR" });
    const db = await getDb();
    const [calc] = await db
      .select({ total: articlePriceCalculations.salesTotalCents, mode: articlePriceCalculations.salesPriceMode, percent: vatRates.percent })
      .from(articlePriceCalculations)
      .innerJoin(vatRates, eq(vatRates.id, articlePriceCalculations.salesVatRateId))
      .where(eq(articlePriceCalculations.articleId, mug.id));
    if (!calc) throw new Error("the sample mug has a price calculation");
    const expected = salesPrice(calc.total, calc.mode, calc.percent);
    expect(mug.price.priceCents).toBe(expected.grossCents);
    expect(mug.price.netPriceCents).toBe(expected.netCents);
  });

  it("leaks nothing internal: no purchase prices, margins, supplier data or raw price settings", async () => {
    const list = await getMugs();
    const mug = sampleMug(list);
    expect(Object.keys(mug).sort()).toEqual(
      [
        "id",
        "name",
        "shortDescription",
        "longDescription",
        "articleNumber",
        "heightMm",
        "diameterMm",
        "fillingQuantityMl",
        "dishwasherSafe",
        "printTemplateWidthMm",
        "printTemplateHeightMm",
        "documentWidthMm",
        "documentHeightMm",
        "documentBottomMarginMm",
        "price",
        "variants",
      ].sort(),
    );
    const json = JSON.stringify(list).toLowerCase();
    for (const word of [
      "purchase",
      "salesmargin",
      "supplier",
      "salestotal",
      "pricemode",
      "vatrateid",
      "active",
      "articleid",
      "createdat",
      MUG_ARTICLE.supplierArticleNumber.toLowerCase(),
    ]) {
      expect(json).not.toContain(word);
    }
    expect(list.some((m) => m.name === SHIRT_ARTICLE.name)).toBe(false);
  });
});

describe("GET /api/mugs – what is left out", () => {
  it("inactive variants, inactive mugs and SHIRT articles are excluded; each mug gets only its own variants", async () => {
    const db = await getDb();
    const sampleId = await articleIdOf(MUG_ARTICLE.articleNumber);
    const shirtId = await articleIdOf(SHIRT_ARTICLE.articleNumber);
    const [reduced] = await db.select().from(vatRates).where(eq(vatRates.name, "Reduced"));
    const [category] = await db.select({ id: articleCategories.id }).from(articleCategories).limit(1);
    if (!reduced || !category) throw new Error("seed has a reduced rate and a category");
    const details = { ...MUG_ARTICLE.details, heightMm: 100, diameterMm: 80, fillingQuantityMl: 300 };

    await db.insert(mugVariants).values({
      articleId: sampleId,
      name: "Green (discontinued)",
      insideColorCode: "#00FF00",
      outsideColorCode: "#FFFFFF",
      active: false,
    });
    const [enamel, retired] = await db
      .insert(articles)
      .values([
        { type: "MUG", name: "Enamel Camp Mug", articleNumber: "MUG-TEST-ENAMEL", categoryId: category.id, active: true },
        { type: "MUG", name: "Retired Mug", articleNumber: "MUG-TEST-RETIRED", categoryId: category.id, active: false },
      ])
      .returning({ id: articles.id });
    if (!enamel || !retired) throw new Error("inserted");
    for (const articleId of [enamel.id, retired.id]) {
      await db.insert(mugDetails).values({ articleId, ...details });
      await db
        .insert(articlePriceCalculations)
        .values({ articleId, salesTotalCents: 1000, salesPriceMode: "NET", salesVatRateId: reduced.id });
    }
    // Created first but not the default, so "default first" is not just creation order.
    await db.insert(mugVariants).values([
      { articleId: enamel.id, name: "Silver", insideColorCode: "#C0C0C0", outsideColorCode: "#C0C0C0", isDefault: false },
      { articleId: enamel.id, name: "Forest green", insideColorCode: "#FFFFFF", outsideColorCode: "#228B22", isDefault: true },
      { articleId: retired.id, name: "Grey", insideColorCode: "#808080", outsideColorCode: "#808080", isDefault: true },
    ]);
    // A shirt with mug details is still a shirt.
    await db.insert(mugDetails).values({ articleId: shirtId, ...details });
    invalidateCatalog();

    const list = await getMugs();
    expect(list.map((m) => m.name)).toEqual([MUG_ARTICLE.name, "Enamel Camp Mug"]);
    expect(sampleMug(list).variants.map((v) => v.name)).toEqual(MUG_ARTICLE.variants.map((v) => v.name));
    const camp = list[1];
    expect(camp?.variants.map((v) => [v.name, v.isDefault, v.exampleImageUrl])).toEqual([
      ["Forest green", true, null],
      ["Silver", false, null],
    ]);
    expect(camp).toMatchObject({ heightMm: 100, diameterMm: 80, fillingQuantityMl: 300 });
    // NET mode with its own (reduced) rate: 10.00 € net → 10.70 € gross.
    expect(camp?.price).toEqual({ priceCents: 1070, netPriceCents: 1000, vatPercent: 7, currency: "EUR" });

    // Deactivating a variant and an article takes them out.
    await db
      .update(mugVariants)
      .set({ active: false })
      .where(and(eq(mugVariants.articleId, sampleId), eq(mugVariants.name, "Black")));
    await db.update(articles).set({ active: false }).where(eq(articles.id, enamel.id));
    invalidateCatalog();
    const after = await getMugs();
    expect(after.map((m) => m.name)).toEqual([MUG_ARTICLE.name]);
    expect(sampleMug(after).variants.map((v) => v.name)).toEqual(["White", "Red inside", "Blue inside"]);
  });
});

describe("GET /api/mugs – texts in the caller's language", () => {
  const DE = { "accept-language": "de-DE,de;q=0.9,en;q=0.5" };

  beforeAll(async () => {
    // All four seeded variants active again (an earlier test deactivates one).
    const db = await getDb();
    await db
      .update(mugVariants)
      .set({ active: true })
      .where(eq(mugVariants.articleId, await articleIdOf(MUG_ARTICLE.articleNumber)));
    await db.update(mugVariants).set({ active: false }).where(eq(mugVariants.name, "Green (discontinued)"));
    invalidateCatalog();
  });

  it("accept-language de: German name, descriptions and variant names of the sample mug", async () => {
    const mug = sampleMug(await getMugs(DE));
    expect(mug).toMatchObject({
      name: "Klassische Tasse 250 ml",
      shortDescription: MUG_ARTICLE.shortDescriptionDe,
      longDescription: MUG_ARTICLE.longDescriptionDe,
      articleNumber: "MUG-001",
      fillingQuantityMl: 250,
      price: { priceCents: 1499 },
    });
    expect(mug.variants.map((v) => v.name)).toEqual(["Weiß", "Schwarz", "Innen rot", "Innen blau"]);
    // The same answer shape in both languages: `name` is the localized name.
    const english = sampleMug(await getMugs());
    expect(Object.keys(mug).sort()).toEqual(Object.keys(english).sort());
    expect(mug.variants.map((v) => v.id)).toEqual(english.variants.map((v) => v.id));
  });

  it("accept-language en: the English texts; the NEXT_LOCALE cookie wins over the browser language", async () => {
    const english = sampleMug(await getMugs({ "accept-language": "en-GB" }));
    expect(english).toMatchObject({
      name: "Classic Mug 250",
      shortDescription: MUG_ARTICLE.shortDescription,
      longDescription: MUG_ARTICLE.longDescription,
    });
    expect(english.variants.map((v) => v.name)).toEqual(["White", "Black", "Red inside", "Blue inside"]);
    expect(sampleMug(await getMugs(DE, "NEXT_LOCALE=en")).name).toBe("Classic Mug 250");
    expect(sampleMug(await getMugs({ "accept-language": "en" }, "NEXT_LOCALE=de")).name).toBe("Klassische Tasse 250 ml");
  });

  it("the locale cookie alone (no browser language): every seeded mug text and colour name in German, none of the English ones", async () => {
    const mug = sampleMug(await getMugs({}, "NEXT_LOCALE=de"));
    expect(mug).toMatchObject({
      name: MUG_ARTICLE.nameDe,
      shortDescription: MUG_ARTICLE.shortDescriptionDe,
      longDescription: MUG_ARTICLE.longDescriptionDe,
    });
    expect(mug.variants.map((v) => [v.articleVariantNumber, v.name])).toEqual(MUG_ARTICLE.variants.map((v) => [v.number, v.nameDe]));
    const shown = [mug.name, mug.shortDescription, mug.longDescription, ...mug.variants.map((v) => v.name)];
    const english = [
      MUG_ARTICLE.name,
      MUG_ARTICLE.shortDescription,
      MUG_ARTICLE.longDescription,
      ...MUG_ARTICLE.variants.map((v) => v.name),
    ];
    for (const text of english) expect(shown).not.toContain(text);
  });

  it("the answer is cached per language and says it varies with the language headers", async () => {
    expect(sampleMug(await getMugs(DE)).name).toBe("Klassische Tasse 250 ml");
    expect(sampleMug(await getMugs()).name).toBe("Classic Mug 250");
    expect(sampleMug(await getMugs(DE)).name).toBe("Klassische Tasse 250 ml");
    const res = await call(mugsRoute.GET, { path: "/api/mugs", headers: DE });
    const vary = (res.headers.get("vary") ?? "").toLowerCase();
    expect(vary).toContain("accept-language");
    expect(vary).toContain("cookie");
    expect(res.headers.get("cache-control")).toBe(CATALOG_CACHE);
  });

  it("a mug without German texts falls back to English in German (empty and blank count as missing), and German-only texts show in English", async () => {
    const db = await getDb();
    const [category] = await db.select({ id: articleCategories.id }).from(articleCategories).limit(1);
    if (!category) throw new Error("seed has a category");
    const [plain, blank] = await db
      .insert(articles)
      .values([
        { type: "MUG", name: "Zebra Mug", shortDescription: "Striped", articleNumber: "MUG-TEST-ZEBRA", categoryId: category.id },
        {
          type: "MUG",
          name: "Aurora Mug",
          nameDe: "  ",
          shortDescription: "",
          shortDescriptionDe: "Nur auf Deutsch",
          longDescription: "Only in English",
          longDescriptionDe: "",
          articleNumber: "MUG-TEST-AURORA",
          categoryId: category.id,
        },
      ])
      .returning({ id: articles.id });
    if (!plain || !blank) throw new Error("inserted");
    for (const articleId of [plain.id, blank.id]) {
      await db.insert(mugDetails).values({ articleId, ...MUG_ARTICLE.details });
      await db.insert(articlePriceCalculations).values({ articleId, salesTotalCents: 1000, salesPriceMode: "GROSS" });
    }
    await db.insert(mugVariants).values([
      { articleId: plain.id, name: "Zebra", insideColorCode: "#000000", outsideColorCode: "#FFFFFF", isDefault: true },
      { articleId: blank.id, name: "Green", nameDe: "", insideColorCode: "#00FF00", outsideColorCode: "#FFFFFF", isDefault: true },
      { articleId: blank.id, name: "Violet", nameDe: "Violett", insideColorCode: "#8F00FF", outsideColorCode: "#FFFFFF" },
    ]);
    invalidateCatalog();

    const german = await getMugs(DE);
    const zebra = german.find((m) => m.id === plain.id);
    expect(zebra).toMatchObject({ name: "Zebra Mug", shortDescription: "Striped", longDescription: null });
    expect(zebra?.variants.map((v) => v.name)).toEqual(["Zebra"]);
    const aurora = german.find((m) => m.id === blank.id);
    expect(aurora).toMatchObject({ name: "Aurora Mug", shortDescription: "Nur auf Deutsch", longDescription: "Only in English" });
    expect(aurora?.variants.map((v) => v.name)).toEqual(["Green", "Violett"]);
    // Sorted by the name in the caller's language.
    expect(german.map((m) => m.name)).toEqual(["Aurora Mug", "Klassische Tasse 250 ml", "Zebra Mug"]);

    const english = await getMugs();
    expect(english.find((m) => m.id === blank.id)).toMatchObject({
      name: "Aurora Mug",
      shortDescription: "Nur auf Deutsch",
      longDescription: "Only in English",
    });
    expect(english.find((m) => m.id === blank.id)?.variants.map((v) => v.name)).toEqual(["Green", "Violet"]);
    expect(english.map((m) => m.name)).toEqual(["Aurora Mug", "Classic Mug 250", "Zebra Mug"]);

    await db
      .update(articles)
      .set({ active: false })
      .where(inArray(articles.id, [plain.id, blank.id]));
    invalidateCatalog();
  });
});

describe("GET /api/mugs – admin writes invalidate the catalogue cache", () => {
  it("changing the default VAT rate through PUT /api/admin/vat/{id} reprices a mug that has no VAT rate of its own", async () => {
    const db = await getDb();
    const sampleId = await articleIdOf(MUG_ARTICLE.articleNumber);
    await db
      .update(articlePriceCalculations)
      .set({ salesVatRateId: null, salesPriceMode: "NET", salesTotalCents: 1000 })
      .where(eq(articlePriceCalculations.articleId, sampleId));
    invalidateCatalog();
    expect(sampleMug(await getMugs()).price).toEqual({ priceCents: 1190, netPriceCents: 1000, vatPercent: 19, currency: "EUR" });
    // Served from the cache now: the next read must still see the admin's change below.
    expect(sampleMug(await getMugs()).price.priceCents).toBe(1190);

    const [standard] = await db.select().from(vatRates).where(eq(vatRates.isDefault, true));
    if (!standard) throw new Error("seed has a default VAT rate");
    const cookie = await loginAs("admin");
    const put = await call(vatItem.PUT, {
      method: "PUT",
      params: { vatId: String(standard.id) },
      body: { name: standard.name, percent: 16, description: standard.description, isDefault: true },
      cookie,
    });
    expect(put.status).toBe(200);
    expect(sampleMug(await getMugs()).price).toEqual({ priceCents: 1160, netPriceCents: 1000, vatPercent: 16, currency: "EUR" });

    // A new default rate becomes the fallback too.
    const created = await call(vatCollection.POST, {
      method: "POST",
      body: { name: "Test default", percent: 20, isDefault: true },
      cookie,
    });
    expect(created.status).toBe(201);
    expect(sampleMug(await getMugs()).price).toEqual({ priceCents: 1200, netPriceCents: 1000, vatPercent: 20, currency: "EUR" });
  });
});
