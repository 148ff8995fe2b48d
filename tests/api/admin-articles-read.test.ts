import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { articlePriceCalculations, articles, mugVariants, shirtVariants } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import type { ArticlePageDto } from "@/lib/schemas/articles";
import {
  must,
  ref,
  price,
  MUG_CATEGORY,
  mugBody,
  shirtBody,
  variant,
  created,
  list,
  get,
  publicMugs,
  seededMugId,
  catalogueImage,
  customerImage,
  setupArticleFixtures,
} from "../helpers/admin-articles";

setupArticleFixtures();

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
