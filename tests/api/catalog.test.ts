import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import * as countriesRoute from "@/app/api/countries/route";
import * as mugsRoute from "@/app/api/mugs/route";
import * as promptsRoute from "@/app/api/prompts/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import * as vatCollection from "@/app/api/admin/vat/route";
import * as vatItem from "@/app/api/admin/vat/[vatId]/route";
import { call, loginAs } from "../helpers/api";
import { TEST_USERS } from "../helpers/test-db";
import { getDb } from "@/db/client";
import {
  aiModels,
  articleCategories,
  articlePriceCalculations,
  articles,
  images,
  mugDetails,
  mugVariants,
  promptCategories,
  prompts,
  users,
  vatRates,
} from "@/db/schema";
import { COUNTRIES, MUG_ARTICLE, PROMPTS, SHIRT_ARTICLE } from "@/db/seed-data";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import { salesPrice } from "@/lib/domain/pricing";
import type { CountryDto, MugDto, PublicPromptDto } from "@/lib/schemas/catalog";
import { invalidateCatalog } from "@/lib/services/catalog-cache";

const CATALOG_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
const IMAGE_URL = /^\/api\/images\/(\d+)$/;

async function countries(headers: Record<string, string> = {}, cookie?: string) {
  return call<CountryDto[]>(countriesRoute.GET, { path: "/api/countries", headers, cookie });
}

async function getMugs(headers: Record<string, string> = {}, cookie?: string) {
  const res = await call<MugDto[]>(mugsRoute.GET, { path: "/api/mugs", headers, cookie });
  expect(res.status).toBe(200);
  return res.body;
}

async function getPrompts(headers: Record<string, string> = {}) {
  const res = await call<PublicPromptDto[]>(promptsRoute.GET, { path: "/api/prompts", headers });
  expect(res.status).toBe(200);
  return res.body;
}

function sampleMug(list: MugDto[]): MugDto {
  const mug = list.find((m) => m.articleNumber === MUG_ARTICLE.articleNumber);
  if (!mug) throw new Error("the sample mug is listed");
  return mug;
}

/** GET /api/images/{id} with the raw bytes (call() would decode the body as text). */
async function getImage(imageId: string, headers: Record<string, string> = {}) {
  const req = new Request(`http://localhost/api/images/${imageId}`, { headers });
  const res = await imageRoute.GET(req, { params: Promise.resolve({ imageId }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

function imageIdOf(url: string | null): number {
  const match = IMAGE_URL.exec(url ?? "");
  if (!match?.[1]) throw new Error(`not an image URL: ${url}`);
  return Number(match[1]);
}

async function articleIdOf(articleNumber: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.articleNumber, articleNumber));
  if (!row) throw new Error(`article ${articleNumber} missing`);
  return row.id;
}

const isSorted = (names: string[], locale: string) => {
  const sorted = [...names].sort(new Intl.Collator(locale, { sensitivity: "base" }).compare);
  return names.every((n, i) => n === sorted[i]);
};

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

describe("GET /api/prompts", () => {
  const visibleSeedTitles = ["Duotone", "Pencil Sketch", "Watercolour", "Comic", "Pop Art", "Vintage Poster"];

  it("lists the active, non-archived prompts by category, then title", async () => {
    const res = await call<PublicPromptDto[]>(promptsRoute.GET, { path: "/api/prompts" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(CATALOG_CACHE);
    expect(res.body.map((p) => p.title)).toEqual(visibleSeedTitles);
    expect(res.body.map((p) => p.category.name)).toEqual(["Art styles", "Art styles", "Art styles", "Fun", "Fun", "Fun"]);
    expect(res.body.some((p) => p.title === "Neon Glow (retired)")).toBe(false);
  });

  it("answers what the style picker shows: category, optional subcategory, example image", async () => {
    const list = await getPrompts();
    const pop = list.find((p) => p.title === "Pop Art");
    expect(pop).toMatchObject({ promptNumber: "P-001", category: { name: "Fun" }, subcategory: { name: "Retro" } });
    expect(pop?.exampleImageUrl).toMatch(IMAGE_URL);
    expect(list.find((p) => p.title === "Duotone")?.subcategory).toBeNull();
    for (const p of list) {
      expect(Object.keys(p).sort()).toEqual(["category", "description", "exampleImageUrl", "id", "promptNumber", "subcategory", "title"]);
      expect(Object.keys(p.category).sort()).toEqual(["id", "name"]);
    }
  });

  it("titles and descriptions in English by default, in German for accept-language de or the locale cookie (sorted by the German title)", async () => {
    const en = await getPrompts();
    const pop = en.find((p) => p.promptNumber === "P-001");
    expect(pop).toMatchObject({ title: "Pop Art", description: "Bold comic colours, black outlines and halftone dots from the 1960s." });

    const res = await call<PublicPromptDto[]>(promptsRoute.GET, { path: "/api/prompts", headers: { "accept-language": "de-DE,de;q=0.9" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
    expect(res.body.map((p) => p.title)).toEqual(["Aquarell", "Bleistiftskizze", "Duoton", "Comic", "Pop-Art", "Vintage-Plakat"]);
    expect(res.body.find((p) => p.promptNumber === "P-001")?.description).toBe(
      "Kräftige Comicfarben, schwarze Konturen und Rasterpunkte im Stil der 1960er.",
    );
    expect((await getPrompts({ cookie: "NEXT_LOCALE=de" })).map((p) => p.title)).toContain("Bleistiftskizze");
    // Each seeded prompt has both languages.
    for (const seed of PROMPTS.filter((p) => !p.archived)) {
      expect(en.find((p) => p.promptNumber === seed.promptNumber)).toMatchObject({ title: seed.title, description: seed.description });
      expect(res.body.find((p) => p.promptNumber === seed.promptNumber)).toMatchObject({
        title: seed.titleDe,
        description: seed.descriptionDe,
      });
    }
    // The English list is still cached as English.
    expect((await getPrompts()).map((p) => p.title)).toEqual(visibleSeedTitles);
  });

  it("the locale cookie alone: every seeded style's title and description in German, none of the English ones", async () => {
    const de = await getPrompts({ cookie: "NEXT_LOCALE=de" });
    const seeded = PROMPTS.filter((p) => !p.archived);
    for (const seed of seeded) {
      expect(seed.titleDe.trim()).not.toBe("");
      expect(seed.descriptionDe.trim()).not.toBe("");
      expect(de.find((p) => p.promptNumber === seed.promptNumber)).toMatchObject({ title: seed.titleDe, description: seed.descriptionDe });
    }
    const descriptions = de.map((p) => p.description);
    for (const seed of seeded) expect(descriptions).not.toContain(seed.description);
  });

  it("a missing text falls back to the other language", async () => {
    const db = await getDb();
    const [model] = await db.select({ id: aiModels.id }).from(aiModels).limit(1);
    const [fun] = await db.select({ id: promptCategories.id }).from(promptCategories).where(eq(promptCategories.name, "Fun"));
    if (!model || !fun) throw new Error("seed has models and categories");
    await db.insert(prompts).values([
      { title: "Mosaic", description: "Small tiles", promptNumber: "T-FB-1", categoryId: fun.id, llmId: model.id },
      { title: "Origami", titleDe: "  ", descriptionDe: "Gefaltetes Papier", promptNumber: "T-FB-2", categoryId: fun.id, llmId: model.id },
    ]);
    invalidateCatalog();
    const de = await getPrompts({ "accept-language": "de" });
    expect(de.find((p) => p.promptNumber === "T-FB-1")).toMatchObject({ title: "Mosaic", description: "Small tiles" });
    expect(de.find((p) => p.promptNumber === "T-FB-2")).toMatchObject({ title: "Origami", description: "Gefaltetes Papier" });
    const en = await getPrompts();
    expect(en.find((p) => p.promptNumber === "T-FB-2")).toMatchObject({ title: "Origami", description: "Gefaltetes Papier" });
    expect(en.find((p) => p.promptNumber === "T-FB-1")?.description).toBe("Small tiles");
    await db.delete(prompts).where(inArray(prompts.promptNumber, ["T-FB-1", "T-FB-2"]));
    invalidateCatalog();
  });

  it("leaks no internal field: no style text, no LLM, no flags", async () => {
    const res = await call(promptsRoute.GET, { path: "/api/prompts" });
    const json = JSON.stringify(res.body);
    for (const word of ["styleText", "llm", "archived", "active", "slot", "createdAt"])
      expect(json.toLowerCase()).not.toContain(word.toLowerCase());
    for (const p of PROMPTS) expect(json).not.toContain(p.styleText.slice(0, 40));
  });

  it("inactive and archived prompts are excluded; a new category sorts in by name", async () => {
    const db = await getDb();
    const [model] = await db.select({ id: aiModels.id }).from(aiModels).limit(1);
    const [fun] = await db.select({ id: promptCategories.id }).from(promptCategories).where(eq(promptCategories.name, "Fun"));
    if (!model || !fun) throw new Error("seed has models and categories");
    const [abstract] = await db.insert(promptCategories).values({ name: "Abstract" }).returning({ id: promptCategories.id });
    if (!abstract) throw new Error("inserted");
    await db.insert(prompts).values([
      {
        title: "Cubism",
        promptNumber: "T-1",
        categoryId: abstract.id,
        llmId: model.id,
        styleText: "secret style",
        active: true,
        archived: false,
      },
      { title: "Hidden draft", promptNumber: "T-2", categoryId: fun.id, llmId: model.id, active: false, archived: false },
      { title: "Archived but active", promptNumber: "T-3", categoryId: fun.id, llmId: model.id, active: true, archived: true },
      { title: "Archived and inactive", promptNumber: "T-4", categoryId: fun.id, llmId: model.id, active: false, archived: true },
    ]);
    await db.update(prompts).set({ active: false }).where(eq(prompts.title, "Pencil Sketch"));
    invalidateCatalog();

    const list = await getPrompts();
    expect(list.map((p) => p.title)).toEqual(["Cubism", "Duotone", "Watercolour", "Comic", "Pop Art", "Vintage Poster"]);
    expect(list[0]).toMatchObject({ category: { id: abstract.id, name: "Abstract" }, subcategory: null, exampleImageUrl: null });
    expect(JSON.stringify(list)).not.toContain("secret style");
  });
});

describe("GET /api/images/{imageId}", () => {
  async function catalogueImage() {
    const url = sampleMug(await getMugs()).variants[0]?.exampleImageUrl ?? null;
    const id = imageIdOf(url);
    const db = await getDb();
    const [row] = await db.select().from(images).where(eq(images.id, id));
    if (!row) throw new Error("the example image exists");
    return row;
  }

  it("serves a catalogue image's bytes with its type, immutable caching, nosniff and an ETag", async () => {
    const row = await catalogueImage();
    expect(row.type).toBe("CATALOGUE");
    const res = await getImage(String(row.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(row.mimeType);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("etag")).toBe(`"${row.storageKey}"`);
    expect(res.headers.get("content-length")).toBe(String(res.bytes.length));
    const stored = await getStorage().get(row.storageKey);
    expect(stored && res.bytes.equals(stored)).toBe(true);
    expect(res.bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
  });

  it("prompt example images are served too", async () => {
    const pop = (await getPrompts()).find((p) => p.title === "Pop Art");
    const res = await getImage(String(imageIdOf(pop?.exampleImageUrl ?? null)));
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBeGreaterThan(0);
  });

  it("If-None-Match with the ETag → 304 without a body; another ETag → 200", async () => {
    const row = await catalogueImage();
    const etag = `"${row.storageKey}"`;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, "*"]) {
      const res = await getImage(String(row.id), { "if-none-match": ifNoneMatch });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.bytes.length).toBe(0);
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    const other = await getImage(String(row.id), { "if-none-match": '"catalogue/other.webp"' });
    expect(other.status).toBe(200);
    expect(other.bytes.length).toBeGreaterThan(0);
  });

  it("a customer's images: the owner and admins get them (private cache), anyone else 404 like an unknown id", async () => {
    const db = await getDb();
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_USERS.customer.email));
    if (!owner) throw new Error("test customer exists");
    const source = await catalogueImage();
    const bytes = await getStorage().get(source.storageKey);
    if (!bytes) throw new Error("catalogue bytes exist");
    for (const type of ["UPLOADED", "GENERATED", "EDITED"] as const) {
      const storageKey = newStorageKey("test", "webp");
      await getStorage().put(storageKey, bytes, "image/webp");
      const [row] = await db
        .insert(images)
        .values({
          ownerId: owner.id,
          type,
          storageKey,
          mimeType: "image/webp",
          width: source.width,
          height: source.height,
          sizeBytes: bytes.length,
        })
        .returning({ id: images.id });
      if (!row) throw new Error("inserted");
      for (const cookie of [await loginAs("customer"), await loginAs("admin")]) {
        const res = await getImage(String(row.id), { cookie });
        expect(res.status, type).toBe(200);
        expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
        expect(res.bytes.equals(bytes)).toBe(true);
      }
      for (const headers of [{}, { cookie: await loginAs("other") }, { "if-none-match": `"${storageKey}"` }] as Record<string, string>[]) {
        const res = await getImage(String(row.id), headers);
        expect(res.status, type).toBe(404);
        expect(JSON.parse(res.bytes.toString("utf8"))).toMatchObject({ message: "Not found" });
        expect(res.headers.get("etag")).toBeNull();
      }
    }
  });

  it("unknown or malformed ids → 404", async () => {
    for (const id of ["999999", "0", "-1", "abc", "1.5", "99999999999999", ""]) {
      const res = await getImage(id);
      expect(res.status, id).toBe(404);
    }
  });

  it("a catalogue row whose file is missing → 404, never 500", async () => {
    const db = await getDb();
    const [row] = await db
      .insert(images)
      .values({
        type: "CATALOGUE",
        storageKey: newStorageKey("catalogue", "webp"),
        mimeType: "image/webp",
        width: 1,
        height: 1,
        sizeBytes: 1,
      })
      .returning({ id: images.id });
    if (!row) throw new Error("inserted");
    expect((await getImage(String(row.id))).status).toBe(404);
  });
});
