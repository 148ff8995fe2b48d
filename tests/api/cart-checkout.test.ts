import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as cartRoute from "@/app/api/user/cart/route";
import * as itemsRoute from "@/app/api/user/cart/items/route";
import * as itemRoute from "@/app/api/user/cart/items/[itemId]/route";
import * as refreshRoute from "@/app/api/user/cart/refresh-prices/route";
import { getDb } from "@/db/client";
import { articles, cartItems, mugVariants } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import type { CartDto } from "@/lib/schemas/cart";
import { clearCartInTx, pricedCartForCheckout } from "@/lib/services/cart";
import { listPublicMugs } from "@/lib/services/catalog";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import { call, cookieFor } from "../helpers/api";
import { checkoutBody, getOrder, placeOrder } from "../helpers/orders";
import {
  CartBody,
  MUG_PRICE,
  customerId,
  otherId,
  mugId,
  variant,
  campMug,
  popArt,
  getCart,
  makeImage,
  registerGuest,
  storedItems,
  addLine,
  onlyItem,
  setMugPrice,
  setupCartFixtures,
} from "../helpers/cart";

setupCartFixtures();

describe("pricedCartForCheckout / clearCartInTx (for placing an order)", () => {
  it("returns every line with what an order line needs, unchanged", async () => {
    const { imageId } = await addLine({ variantId: variant.red, quantity: 2 });
    await addLine({ mugId: campMug.id, variantId: campMug.variantId });
    const db = await getDb();
    const result = await db.transaction((tx) => pricedCartForCheckout(customerId, tx, "en"));
    expect(result.changed).toBe(false);
    expect(result.removedItemIds).toEqual([]);
    expect(result.lines).toEqual([
      {
        cartItemId: expect.any(Number),
        articleId: mugId,
        articleName: MUG_ARTICLE.name,
        mugVariantId: variant.red,
        variantName: "Red inside",
        colour: "inside #C62828 / outside #FFFFFF",
        imageId,
        promptId: popArt.id,
        quantity: 2,
        unitPriceCents: MUG_PRICE,
        vatPercent: 19,
        lineTotalCents: 2 * MUG_PRICE,
      },
      expect.objectContaining({
        articleId: campMug.id,
        mugVariantId: campMug.variantId,
        variantName: "Silver",
        quantity: 1,
        unitPriceCents: 1070,
        vatPercent: 7,
        lineTotalCents: 1070,
      }),
    ]);
  });

  it("a price changed since the last refresh → changed, the new price, the snapshot updated", async () => {
    await addLine();
    await setMugPrice(1799);
    const db = await getDb();
    const result = await db.transaction((tx) => pricedCartForCheckout(customerId, tx, "en"));
    expect(result.changed).toBe(true);
    expect(result.lines.map((l) => [l.unitPriceCents, l.lineTotalCents])).toEqual([[1799, 1799]]);
    expect(onlyItem((await getCart()).body)).toMatchObject({ unitPriceCents: 1799, earlierUnitPriceCents: MUG_PRICE, priceChanged: true });
    // Once taken over, the next call sees no change.
    expect((await db.transaction((tx) => pricedCartForCheckout(customerId, tx, "en"))).changed).toBe(false);
  });

  it("unavailable lines are removed and reported", async () => {
    await addLine();
    const gone = onlyItem((await getCart()).body).id;
    await addLine({ variantId: variant.black });
    const db = await getDb();
    await db.update(mugVariants).set({ active: false }).where(eq(mugVariants.id, variant.white));
    invalidateCatalog();
    try {
      const result = await db.transaction((tx) => pricedCartForCheckout(customerId, tx, "en"));
      expect(result).toMatchObject({ changed: true, removedItemIds: [gone] });
      expect(result.lines.map((l) => l.mugVariantId)).toEqual([variant.black]);
    } finally {
      await db.update(mugVariants).set({ active: true }).where(eq(mugVariants.id, variant.white));
    }
  });

  it("works inside the caller's transaction: a rollback undoes the re-pricing and the clearing", async () => {
    await addLine();
    await setMugPrice(1799);
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        const result = await pricedCartForCheckout(customerId, tx, "en");
        expect(result.changed).toBe(true);
        await clearCartInTx(customerId, tx);
        throw new Error("payment could not be prepared");
      }),
    ).rejects.toThrow("payment could not be prepared");
    expect(await storedItems(customerId)).toEqual([expect.objectContaining({ unitPriceCents: MUG_PRICE, earlierUnitPriceCents: null })]);
  });

  it("clearCartInTx empties only that user's cart", async () => {
    await addLine();
    await addLine({ who: "other", ownerId: otherId });
    const db = await getDb();
    await db.transaction((tx) => clearCartInTx(customerId, tx));
    expect(await storedItems(customerId)).toEqual([]);
    expect(await storedItems(otherId)).toHaveLength(1);
  });

  it("a user without a cart: no lines, nothing changed", async () => {
    const guest = await registerGuest();
    const result = await (await getDb()).transaction((tx) => pricedCartForCheckout(guest.userId, tx, "en"));
    expect(result).toEqual({
      lines: [],
      changed: false,
      removedItemIds: [],
      shippingVatPercent: 19,
    });
  });

  it("agrees with GET /api/mugs on every sellable variant's price", async () => {
    const mugs = await listPublicMugs("en");
    for (const mug of mugs) {
      for (const v of mug.variants) {
        await (await getDb()).delete(cartItems);
        await addLine({ mugId: mug.id, variantId: v.id });
        const result = await (await getDb()).transaction((tx) => pricedCartForCheckout(customerId, tx, "en"));
        expect(result.changed).toBe(false);
        expect(result.lines.map((l) => [l.unitPriceCents, l.vatPercent])).toEqual([[mug.price.priceCents, mug.price.vatPercent]]);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe("mug and variant names in the customer's language", () => {
  const DE = { "accept-language": "de-DE,de;q=0.9" };
  const names = (cart: CartDto) => cart.items.map((i) => [i.mug.name, i.variant.name]);

  it("GET /api/user/cart – German callers see the German names, English callers the English ones", async () => {
    await addLine({ variantId: variant.red });
    const cookie = await cookieFor("customer");
    const german = await call<CartBody>(cartRoute.GET, { path: "/api/user/cart", cookie, headers: DE });
    expect(german.status).toBe(200);
    expect(names(german.body)).toEqual([["Klassische Tasse 250 ml", "Innen rot"]]);
    // The style's title too (German title of the seeded Pop Art prompt).
    expect(german.body.items.map((i) => i.prompt?.title)).toEqual(["Pop-Art"]);
    expect((await getCart()).body.items.map((i) => i.prompt?.title)).toEqual([popArt.title]);
    // The stored preference (cookie) wins over the browser language.
    const byCookie = await call<CartBody>(cartRoute.GET, { path: "/api/user/cart", cookie: `${cookie}; NEXT_LOCALE=de` });
    expect(names(byCookie.body)).toEqual([["Klassische Tasse 250 ml", "Innen rot"]]);
    expect(names((await getCart()).body)).toEqual([[MUG_ARTICLE.name, "Red inside"]]);
  });

  it("POST, PUT, DELETE /api/user/cart/items, refresh-prices and DELETE /api/user/cart answer in the caller's language", async () => {
    const cookie = await cookieFor("customer");
    const imageId = await makeImage(customerId);
    const added = await call<CartBody>(itemsRoute.POST, {
      method: "POST",
      path: "/api/user/cart/items",
      body: { mugId, variantId: variant.black, imageId },
      cookie,
      headers: DE,
    });
    expect(added.status).toBe(201);
    expect(names(added.body)).toEqual([["Klassische Tasse 250 ml", "Schwarz"]]);
    const itemId = String(onlyItem(added.body).id);
    const updated = await call<CartBody>(itemRoute.PUT, {
      method: "PUT",
      path: `/api/user/cart/items/${itemId}`,
      params: { itemId },
      body: { quantity: 3 },
      cookie,
      headers: DE,
    });
    expect(names(updated.body)).toEqual([["Klassische Tasse 250 ml", "Schwarz"]]);
    const refreshed = await call<CartBody>(refreshRoute.POST, {
      method: "POST",
      path: "/api/user/cart/refresh-prices",
      cookie,
      headers: DE,
    });
    expect(names(refreshed.body)).toEqual([["Klassische Tasse 250 ml", "Schwarz"]]);
    await addLine({ variantId: variant.white });
    const removed = await call<CartBody>(itemRoute.DELETE, {
      method: "DELETE",
      path: `/api/user/cart/items/${itemId}`,
      params: { itemId },
      cookie,
      headers: DE,
    });
    expect(names(removed.body)).toEqual([["Klassische Tasse 250 ml", "Weiß"]]);
    const cleared = await call<CartBody>(cartRoute.DELETE, { method: "DELETE", path: "/api/user/cart", cookie, headers: DE });
    expect(cleared.body.items).toEqual([]);
  });

  it("GET /api/user/cart – a mug or variant without German text (empty or blank) shows the English name in German", async () => {
    const db = await getDb();
    await addLine({ mugId: campMug.id, variantId: campMug.variantId });
    await db.update(mugVariants).set({ nameDe: "   " }).where(eq(mugVariants.id, campMug.variantId));
    invalidateCatalog(); // as every admin write does: the cart shows the names from the catalogue cache
    try {
      const german = await call<CartBody>(cartRoute.GET, { path: "/api/user/cart", cookie: await cookieFor("customer"), headers: DE });
      expect(names(german.body)).toEqual([["Enamel Camp Mug", "Silver"]]);
      // Only German text: English callers see it too.
      await db.update(mugVariants).set({ name: "Silver", nameDe: "Silber" }).where(eq(mugVariants.id, campMug.variantId));
      await db.update(articles).set({ nameDe: "Emaille-Campingtasse" }).where(eq(articles.id, campMug.id));
      invalidateCatalog();
      expect(
        names((await call<CartBody>(cartRoute.GET, { path: "/api/user/cart", cookie: await cookieFor("customer"), headers: DE })).body),
      ).toEqual([["Emaille-Campingtasse", "Silber"]]);
      expect(names((await getCart()).body)).toEqual([["Enamel Camp Mug", "Silver"]]);
    } finally {
      await db.update(mugVariants).set({ nameDe: null }).where(eq(mugVariants.id, campMug.variantId));
      await db.update(articles).set({ nameDe: null }).where(eq(articles.id, campMug.id));
    }
  });

  it("pricedCartForCheckout – order lines carry the names in the language the customer orders in", async () => {
    await addLine({ variantId: variant.red });
    const db = await getDb();
    const german = await db.transaction((tx) => pricedCartForCheckout(customerId, tx, "de"));
    expect(german.lines.map((l) => [l.articleName, l.variantName])).toEqual([["Klassische Tasse 250 ml", "Innen rot"]]);
    const english = await db.transaction((tx) => pricedCartForCheckout(customerId, tx, "en"));
    expect(english.lines.map((l) => [l.articleName, l.variantName])).toEqual([[MUG_ARTICLE.name, "Red inside"]]);
  });

  it("POST /api/user/orders – the order keeps the German names it was placed with, whatever language reads it later", async () => {
    await addLine({ variantId: variant.red });
    const placed = await placeOrder(checkoutBody(), "customer", "de");
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order.items.map((i) => [i.articleName, i.variantName])).toEqual([["Klassische Tasse 250 ml", "Innen rot"]]);
    const readInEnglish = await getOrder(placed.body.order.id, "customer", "en");
    expect(readInEnglish.body.items.map((i) => [i.articleName, i.variantName])).toEqual([["Klassische Tasse 250 ml", "Innen rot"]]);
  });
});
