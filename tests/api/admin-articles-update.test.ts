import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import * as cartItemsRoute from "@/app/api/user/cart/items/route";
import * as refreshRoute from "@/app/api/user/cart/refresh-prices/route";
import { getDb } from "@/db/client";
import { articlePriceCalculations, images, mugDetails, mugVariants, orderItems, shirtDetails, shirtVariants } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import type { ArticleDto } from "@/lib/schemas/articles";
import type { CartDto } from "@/lib/schemas/cart";
import { storeImage } from "@/lib/services/images";
import { call, loginAs } from "../helpers/api";
import { checkoutBody, clearCart, fillCart, placeOrder, userIdOf } from "../helpers/orders";
import { TEST_USERS } from "../helpers/test-db";
import {
  ErrorBody,
  Body,
  must,
  storageDir,
  ref,
  customerId,
  price,
  MUG_DETAILS,
  mugBody,
  shirtBody,
  variant,
  updateBodyOf,
  created,
  get,
  put,
  remove,
  publicMugs,
  seededMugId,
  catalogueImage,
  setupArticleFixtures,
} from "../helpers/admin-articles";

setupArticleFixtures();

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
