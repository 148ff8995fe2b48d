import { describe, expect, it } from "vitest";
import { GERMANY } from "../helpers/shipping";
import { eq } from "drizzle-orm";
import * as itemsRoute from "@/app/api/user/cart/items/route";
import { getDb } from "@/db/client";
import { articles, carts } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { orderTotals } from "@/lib/domain/pricing";
import { listPublicMugs } from "@/lib/services/catalog";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import { call, cookieFor } from "../helpers/api";
import {
  ErrorBody,
  Who,
  MUG_PRICE,
  customerId,
  otherId,
  mugId,
  shirtId,
  variant,
  inactiveVariantId,
  campMug,
  popArt,
  otherPrompt,
  getCart,
  getSummary,
  addItem,
  updateItem,
  removeItem,
  clearAll,
  refresh,
  makeImage,
  registerGuest,
  storedItems,
  addLine,
  onlyItem,
  setMugPrice,
  setupCartFixtures,
} from "../helpers/cart";

setupCartFixtures();

// ---------------------------------------------------------------------------------------------

describe("access matrix", () => {
  const endpoints: [string, (who: Who) => Promise<{ status: number; body: unknown }>][] = [
    ["GET /api/user/cart", (who) => getCart(who)],
    ["GET /api/user/cart/summary", (who) => getSummary(who)],
    ["POST /api/user/cart/items", (who) => addItem({ mugId: 1, variantId: 1, imageId: 1 }, who)],
    ["PUT /api/user/cart/items/{itemId}", (who) => updateItem(1, { quantity: 2 }, who)],
    ["DELETE /api/user/cart/items/{itemId}", (who) => removeItem(1, who)],
    ["DELETE /api/user/cart", (who) => clearAll(who)],
    ["POST /api/user/cart/refresh-prices", (who) => refresh(who)],
  ];
  for (const [name, fn] of endpoints) {
    it(`${name} – anonymous → 401 Authentication required`, async () => {
      const res = await fn("anonymous");
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: "Authentication required" });
    });
  }

  it("a customer: every endpoint 2xx, answers are never cached", async () => {
    const added = await addLine();
    expect(added.res.headers.get("cache-control")).toContain("no-store");
    const itemId = onlyItem(added.res.body).id;
    for (const res of [
      await getCart(),
      await getSummary(),
      await updateItem(itemId, { quantity: 2 }),
      await refresh(),
      await removeItem(itemId),
      await clearAll(),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
    }
  });

  it("a guest session (registered with { guest: true }): every endpoint 2xx with the guest's own image", async () => {
    const guest = await registerGuest();
    const who = { cookie: guest.cookie };
    const imageId = await makeImage(guest.userId);
    const added = await addItem({ mugId, variantId: variant.red, imageId }, who);
    expect(added.status).toBe(201);
    const itemId = onlyItem(added.body).id;
    expect((await getCart(who)).body.items.map((i) => i.id)).toEqual([itemId]);
    expect((await getSummary(who)).body).toMatchObject({ itemCount: 1, subtotalCents: MUG_PRICE });
    expect((await updateItem(itemId, { quantity: 3 }, who)).body.items[0]?.quantity).toBe(3);
    expect((await refresh(who)).status).toBe(200);
    expect((await removeItem(itemId, who)).body.items).toEqual([]);
    expect((await clearAll(who)).status).toBe(200);
    // The customer's cart is not the guest's.
    expect((await getCart("customer")).body.items).toEqual([]);
  });

  for (const role of ["other", "admin"] as const) {
    it(`PUT and DELETE /api/user/cart/items/{itemId} – the customer's item as ${role} → 404 Not found, item untouched`, async () => {
      const itemId = onlyItem((await addLine()).res.body).id;
      const put = await updateItem(itemId, { quantity: 7 }, role);
      expect(put.status).toBe(404);
      expect(put.body.message).toBe("Not found");
      const del = await removeItem(itemId, role);
      expect(del.status).toBe(404);
      expect(del.body.message).toBe("Not found");
      expect((await storedItems(customerId)).map((i) => [i.id, i.quantity])).toEqual([[itemId, 1]]);
    });
  }

  it("GET, DELETE /api/user/cart and refresh-prices only ever touch the caller's own cart", async () => {
    await addLine();
    const otherLine = await addLine({ who: "other", ownerId: otherId });
    expect((await getCart("other")).body.items.map((i) => i.id)).toEqual(otherLine.res.body.items.map((i) => i.id));
    expect((await clearAll("other")).body.items).toEqual([]);
    expect(await storedItems(customerId)).toHaveLength(1);
    expect((await getCart("admin")).body.items).toEqual([]);
    expect((await refresh("admin")).body.items).toEqual([]);
    expect(await storedItems(customerId)).toHaveLength(1);
  });

  it.each([["999999"], ["0"], ["abc"], ["1.5"]])(
    "PUT and DELETE /api/user/cart/items/%s – unknown or malformed id → 404",
    async (itemId) => {
      expect((await updateItem(itemId, { quantity: 2 })).status).toBe(404);
      expect((await removeItem(itemId)).status).toBe(404);
    },
  );
});

// ---------------------------------------------------------------------------------------------

describe("POST /api/user/cart/items", () => {
  it("adds the image on the mug variant at the catalogue price → 201 with the whole cart", async () => {
    const imageId = await makeImage(customerId, "GENERATED", popArt.id);
    const res = await addItem({ mugId, variantId: variant.red, imageId, quantity: 2 });
    expect(res.status).toBe(201);
    const item = onlyItem(res.body);
    expect(item).toEqual({
      id: expect.any(Number),
      mug: { id: mugId, name: MUG_ARTICLE.name },
      variant: { id: variant.red, name: "Red inside", insideColorCode: "#C62828", outsideColorCode: "#FFFFFF" },
      image: { id: imageId, url: `/api/images/${imageId}` },
      // Rendered after the response (tests/api/mockups.test.ts): not there yet.
      mockups: { front: null, left: null, right: null },
      prompt: popArt, // the image's prompt by default
      quantity: 2,
      unitPriceCents: MUG_PRICE,
      earlierUnitPriceCents: null,
      priceChanged: false,
      promptPriceCents: 0,
      vatPercent: 19,
      lineTotalCents: 2 * MUG_PRICE,
    });
    expect(res.body.summary).toEqual({
      itemCount: 2,
      country: "DE",
      taxTreatment: "domestic",
      ...orderTotals([{ unitPriceCents: MUG_PRICE, quantity: 2, vatPercent: 19 }], GERMANY, 19),
      discount: null,
      currency: "EUR",
      hasPriceChanges: false,
      lines: [{ id: res.body.items[0]?.id, unitPriceCents: MUG_PRICE, lineTotalCents: 2 * MUG_PRICE }],
    });
    // The price is the one GET /api/mugs shows.
    const listed = (await listPublicMugs("en")).find((m) => m.id === mugId);
    expect(listed?.price.priceCents).toBe(MUG_PRICE);
  });

  it("price tampering is ignored: unitPriceCents, price, totalCents, vatPercent in the body change nothing", async () => {
    const imageId = await makeImage(customerId);
    const res = await addItem({
      mugId,
      variantId: variant.white,
      imageId,
      unitPriceCents: 1,
      price: 1,
      totalCents: 1,
      vatPercent: 0,
      promptPriceCents: -500,
      lineTotalCents: 1,
    });
    expect(res.status).toBe(201);
    expect(onlyItem(res.body)).toMatchObject({ unitPriceCents: MUG_PRICE, vatPercent: 19, promptPriceCents: 0, lineTotalCents: MUG_PRICE });
    const [stored] = await storedItems(customerId);
    expect(stored).toMatchObject({
      unitPriceCents: MUG_PRICE,
      vatPercent: 19,
      promptPriceCents: 0,
      earlierUnitPriceCents: null,
      quantity: 1,
    });
  });

  it("quantity defaults to 1; an image without a prompt has prompt null; an explicit promptId wins", async () => {
    const plain = await makeImage(customerId, "GENERATED", null);
    const first = onlyItem((await addItem({ mugId, variantId: variant.white, imageId: plain })).body);
    expect(first).toMatchObject({ quantity: 1, prompt: null });
    const res = await addItem({
      mugId,
      variantId: variant.black,
      imageId: await makeImage(customerId, "GENERATED", popArt.id),
      promptId: otherPrompt.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.items[1]?.prompt).toEqual(otherPrompt);
  });

  it("an EDITED image of the user is accepted", async () => {
    const imageId = await makeImage(customerId, "EDITED");
    expect((await addItem({ mugId, variantId: variant.white, imageId })).status).toBe(201);
  });

  it("each mug is priced from its own calculation: NET at the reduced rate → 1070 ct gross at 7 %", async () => {
    const res = await addItem({ mugId: campMug.id, variantId: campMug.variantId, imageId: await makeImage(customerId) });
    expect(res.status).toBe(201);
    expect(onlyItem(res.body)).toMatchObject({ unitPriceCents: 1070, vatPercent: 7 });
  });

  it("the same mug, variant and image again adds to that line's quantity", async () => {
    const { imageId } = await addLine({ quantity: 2 });
    const res = await addItem({ mugId, variantId: variant.white, imageId, quantity: 3 });
    expect(res.status).toBe(201);
    expect(onlyItem(res.body)).toMatchObject({ quantity: 5, lineTotalCents: 5 * MUG_PRICE });
    // Another variant or another image is another line.
    await addItem({ mugId, variantId: variant.black, imageId });
    await addItem({ mugId, variantId: variant.white, imageId: await makeImage(customerId) });
    expect((await getCart()).body.items.map((i) => i.quantity)).toEqual([5, 1, 1]);
  });

  it("concurrent adds of the same line (a first cart too) make one line with the summed quantity", async () => {
    const guest = await registerGuest();
    const imageId = await makeImage(guest.userId);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => addItem({ mugId, variantId: variant.white, imageId }, { cookie: guest.cookie })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await storedItems(guest.userId)).map((i) => i.quantity)).toEqual([6]);
    expect(await (await getDb()).$count(carts, eq(carts.userId, guest.userId))).toBe(1);
  });

  it("merging beyond 99 → 422 quantity, the line keeps its quantity", async () => {
    const { imageId } = await addLine({ quantity: 98 });
    const res = await addItem({ mugId, variantId: variant.white, imageId, quantity: 2 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(
      expect.objectContaining({ message: "Validation failed", errors: { quantity: "Quantity must be a whole number from 1 to 99" } }),
    );
    expect((await storedItems(customerId)).map((i) => i.quantity)).toEqual([98]);
    expect((await addItem({ mugId, variantId: variant.white, imageId, quantity: 1 })).status).toBe(201);
    expect((await storedItems(customerId)).map((i) => i.quantity)).toEqual([99]);
  });

  it("merging after a catalogue price change takes the current price and flags the line", async () => {
    const { imageId } = await addLine();
    await setMugPrice(1799);
    const item = onlyItem((await addItem({ mugId, variantId: variant.white, imageId })).body);
    expect(item).toMatchObject({
      quantity: 2,
      unitPriceCents: 1799,
      earlierUnitPriceCents: MUG_PRICE,
      priceChanged: true,
      lineTotalCents: 3598,
    });
  });

  describe("validation (422 with the field's message)", () => {
    const QTY = "Quantity must be a whole number from 1 to 99";
    const rows: [title: string, body: (imageId: number) => Record<string, unknown>, field: string, message: string][] = [
      ["missing mugId", (imageId) => ({ variantId: variant.white, imageId }), "mugId", "Please choose a mug"],
      ["mugId as a string", (imageId) => ({ mugId: String(mugId), variantId: variant.white, imageId }), "mugId", "Please choose a mug"],
      ["mugId 0", (imageId) => ({ mugId: 0, variantId: variant.white, imageId }), "mugId", "Please choose a mug"],
      ["mugId 1.5", (imageId) => ({ mugId: 1.5, variantId: variant.white, imageId }), "mugId", "Please choose a mug"],
      ["missing variantId", (imageId) => ({ mugId, imageId }), "variantId", "Please choose a colour variant"],
      ["variantId -1", (imageId) => ({ mugId, variantId: -1, imageId }), "variantId", "Please choose a colour variant"],
      ["missing imageId", () => ({ mugId, variantId: variant.white }), "imageId", "Please generate an image first"],
      ["imageId null", () => ({ mugId, variantId: variant.white, imageId: null }), "imageId", "Please generate an image first"],
      [
        "imageId beyond int4",
        () => ({ mugId, variantId: variant.white, imageId: 2_147_483_648 }),
        "imageId",
        "Please generate an image first",
      ],
      ["promptId as text", (imageId) => ({ mugId, variantId: variant.white, imageId, promptId: "pop" }), "promptId", "Invalid value"],
      ["an unknown promptId", (imageId) => ({ mugId, variantId: variant.white, imageId, promptId: 999_999 }), "promptId", "Invalid value"],
      ["quantity 0", (imageId) => ({ mugId, variantId: variant.white, imageId, quantity: 0 }), "quantity", QTY],
      ["quantity 100", (imageId) => ({ mugId, variantId: variant.white, imageId, quantity: 100 }), "quantity", QTY],
      ["quantity 1.5", (imageId) => ({ mugId, variantId: variant.white, imageId, quantity: 1.5 }), "quantity", QTY],
      ['quantity "2"', (imageId) => ({ mugId, variantId: variant.white, imageId, quantity: "2" }), "quantity", QTY],
      ["quantity -1", (imageId) => ({ mugId, variantId: variant.white, imageId, quantity: -1 }), "quantity", QTY],
      [
        "an inactive variant",
        (imageId) => ({ mugId, variantId: inactiveVariantId, imageId }),
        "variantId",
        "Please choose a colour variant",
      ],
      [
        "a variant of another mug",
        (imageId) => ({ mugId, variantId: campMug.variantId, imageId }),
        "variantId",
        "Please choose a colour variant",
      ],
      ["an unknown variant", (imageId) => ({ mugId, variantId: 999_999, imageId }), "variantId", "Please choose a colour variant"],
    ];
    for (const [title, body, field, message] of rows) {
      it(`${title} → 422 ${field}: ${message}`, async () => {
        const res = await addItem(body(await makeImage(customerId)));
        expect(res.status).toBe(422);
        expect(res.body.message).toBe("Validation failed");
        expect(res.body.errors?.[field]).toBe(message);
        expect(await storedItems(customerId)).toEqual([]);
      });
    }

    it("an UPLOADED image (the raw photo) → 422 imageId", async () => {
      const res = await addItem({ mugId, variantId: variant.white, imageId: await makeImage(customerId, "UPLOADED") });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ imageId: "Please choose one of your generated images" });
    });

    it("a body that is not JSON → 415; malformed JSON → 400", async () => {
      const cookie = await cookieFor("customer");
      const form = await call<ErrorBody>(itemsRoute.POST, {
        method: "POST",
        body: "mugId=1",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        cookie,
      });
      expect(form.status).toBe(415);
      const bad = await call<ErrorBody>(itemsRoute.POST, { method: "POST", body: "{", cookie });
      expect(bad.status).toBe(400);
    });
  });

  describe("not found (404)", () => {
    it("someone else's image → 404 Not found, exactly like an unknown one", async () => {
      const foreign = await addItem({ mugId, variantId: variant.white, imageId: await makeImage(otherId) });
      const unknown = await addItem({ mugId, variantId: variant.white, imageId: 999_999 });
      for (const res of [foreign, unknown]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe("Not found");
      }
      expect(await storedItems(customerId)).toEqual([]);
    });

    it("the admin cannot use a customer's image either", async () => {
      expect((await addItem({ mugId, variantId: variant.white, imageId: await makeImage(customerId) }, "admin")).status).toBe(404);
    });

    it.each([
      ["an unknown mug", () => 999_999],
      ["a shirt", () => shirtId],
    ])("%s → 404 Invalid mug ID", async (_title, id) => {
      const res = await addItem({ mugId: id(), variantId: variant.white, imageId: await makeImage(customerId) });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Invalid mug ID");
    });

    it("an inactive mug → 404 Invalid mug ID", async () => {
      await (await getDb()).update(articles).set({ active: false }).where(eq(articles.id, campMug.id));
      invalidateCatalog();
      const res = await addItem({ mugId: campMug.id, variantId: campMug.variantId, imageId: await makeImage(customerId) });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Invalid mug ID");
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe("PUT /api/user/cart/items/{itemId}", () => {
  it("sets the quantity; the price snapshot stays", async () => {
    const itemId = onlyItem((await addLine()).res.body).id;
    const res = await updateItem(itemId, { quantity: 5, unitPriceCents: 1 });
    expect(res.status).toBe(200);
    expect(onlyItem(res.body)).toMatchObject({ id: itemId, quantity: 5, unitPriceCents: MUG_PRICE, lineTotalCents: 5 * MUG_PRICE });
    expect(res.body.summary).toMatchObject({ itemCount: 5, subtotalCents: 5 * MUG_PRICE, shippingCents: 0 });
    expect((await updateItem(itemId, { quantity: 99 })).status).toBe(200);
  });

  it.each([
    ["quantity 0", { quantity: 0 }],
    ["quantity 100", { quantity: 100 }],
    ["quantity 1.5", { quantity: 1.5 }],
    ['quantity "2"', { quantity: "2" }],
    ["quantity null", { quantity: null }],
    ["no quantity", {}],
  ])("%s → 422 quantity", async (_title, body) => {
    const itemId = onlyItem((await addLine()).res.body).id;
    const res = await updateItem(itemId, body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ quantity: "Quantity must be a whole number from 1 to 99" });
    expect((await storedItems(customerId)).map((i) => i.quantity)).toEqual([1]);
  });
});

describe("DELETE /api/user/cart/items/{itemId}", () => {
  it("removes the line and answers the rest of the cart; a second delete → 404", async () => {
    const first = onlyItem((await addLine()).res.body).id;
    const second = await addLine({ variantId: variant.black });
    const keep = second.res.body.items[1]?.id;
    const res = await removeItem(first);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.id)).toEqual([keep]);
    expect((await removeItem(first)).status).toBe(404);
  });
});

describe("DELETE /api/user/cart", () => {
  it("empties the cart: no items, every total 0", async () => {
    await addLine();
    await addLine({ variantId: variant.black, quantity: 3 });
    const res = await clearAll();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [],
      summary: {
        itemCount: 0,
        country: "DE",
        taxTreatment: "domestic",
        subtotalCents: 0,
        discountCents: 0,
        discount: null,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 0,
        currency: "EUR",
        hasPriceChanges: false,
        lines: [],
      },
    });
    expect(await storedItems(customerId)).toEqual([]);
    // Clearing an empty cart is fine too.
    expect((await clearAll()).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
