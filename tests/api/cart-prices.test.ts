import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { articlePriceCalculations, articles, cartItems, carts, images, mugVariants, vatRates } from "@/db/schema";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import {
  MUG_PRICE,
  customerId,
  mugId,
  variant,
  campMug,
  standardVatId,
  reducedVatId,
  getCart,
  getSummary,
  refresh,
  registerGuest,
  storedItems,
  addLine,
  onlyItem,
  setMugPrice,
  setupCartFixtures,
} from "../helpers/cart";

setupCartFixtures();

describe("GET /api/user/cart/summary", () => {
  it("a user who never had a cart: everything 0", async () => {
    const guest = await registerGuest();
    const res = await getSummary({ cookie: guest.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
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
    });
  });

  it("below 50 €: 4.90 € shipping; VAT contained in lines and shipping", async () => {
    await addLine({ quantity: 3 }); // 3 × 14.99 = 44.97 €
    const res = await getSummary();
    expect(res.status).toBe(200);
    // 4497 gross at 19 %: net round(3778.99) = 3779 → 718; shipping 490: net 412 → 78.
    expect(res.body).toEqual({
      itemCount: 3,
      country: "DE",
      taxTreatment: "domestic",
      subtotalCents: 4497,
      discountCents: 0,
      discount: null,
      shippingCents: 490,
      taxCents: 718 + 78,
      totalCents: 4987,
      currency: "EUR",
      hasPriceChanges: false,
      lines: [{ id: expect.any(Number), unitPriceCents: 1499, lineTotalCents: 4497 }],
    });
    expect((await getCart()).body.summary).toEqual(res.body);
  });

  it("from 50 € on: free shipping", async () => {
    await addLine({ quantity: 3 });
    await addLine({ mugId: campMug.id, variantId: campMug.variantId }); // + 10.70 € at 7 %
    const res = await getSummary();
    // 4497 → 718 VAT; 1070 at 7 %: net 1000 → 70.
    expect(res.body).toEqual({
      itemCount: 4,
      country: "DE",
      taxTreatment: "domestic",
      subtotalCents: 5567,
      discountCents: 0,
      discount: null,
      shippingCents: 0,
      taxCents: 718 + 70,
      totalCents: 5567,
      currency: "EUR",
      hasPriceChanges: false,
      lines: [
        { id: expect.any(Number), unitPriceCents: 1499, lineTotalCents: 4497 },
        { id: expect.any(Number), unitPriceCents: 1070, lineTotalCents: 1070 },
      ],
    });
  });

  it("shipping VAT follows the default VAT rate", async () => {
    const db = await getDb();
    await addLine();
    await db.update(vatRates).set({ isDefault: false }).where(eq(vatRates.id, standardVatId));
    await db.update(vatRates).set({ isDefault: true }).where(eq(vatRates.id, reducedVatId));
    invalidateCatalog();
    try {
      // 1499 at 19 % (the line keeps its own rate) → 239; shipping 490 at 7 %: net 458 → 32.
      expect((await getSummary()).body).toMatchObject({ subtotalCents: 1499, shippingCents: 490, taxCents: 239 + 32, totalCents: 1989 });
    } finally {
      await db.update(vatRates).set({ isDefault: false }).where(eq(vatRates.id, reducedVatId));
      await db.update(vatRates).set({ isDefault: true }).where(eq(vatRates.id, standardVatId));
      invalidateCatalog();
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe("POST /api/user/cart/refresh-prices", () => {
  it("nothing changed → nothing marked", async () => {
    await addLine();
    const res = await refresh();
    expect(res.status).toBe(200);
    expect(onlyItem(res.body)).toMatchObject({ unitPriceCents: MUG_PRICE, earlierUnitPriceCents: null, priceChanged: false });
    expect(res.body.summary.hasPriceChanges).toBe(false);
  });

  it("a catalogue price change marks the line: earlier and current price, priceChanged, hasPriceChanges", async () => {
    await addLine({ quantity: 2 });
    await setMugPrice(1799);
    // The snapshot stays until refreshed.
    expect(onlyItem((await getCart()).body)).toMatchObject({ unitPriceCents: MUG_PRICE, priceChanged: false });

    const res = await refresh();
    expect(res.status).toBe(200);
    expect(onlyItem(res.body)).toMatchObject({
      unitPriceCents: 1799,
      earlierUnitPriceCents: MUG_PRICE,
      priceChanged: true,
      lineTotalCents: 3598,
    });
    expect(res.body.summary).toMatchObject({ hasPriceChanges: true, subtotalCents: 3598, totalCents: 3598 + 490 });
    // GET shows the same; a second refresh keeps the notice and changes nothing.
    expect((await getCart()).body).toEqual(res.body);
    expect((await refresh()).body).toEqual(res.body);
    expect((await getSummary()).body.hasPriceChanges).toBe(true);
  });

  it("a price that drops is marked too", async () => {
    await addLine();
    await setMugPrice(999);
    expect(onlyItem((await refresh()).body)).toMatchObject({ unitPriceCents: 999, earlierUnitPriceCents: MUG_PRICE, priceChanged: true });
  });

  it("a VAT rate change that keeps the gross price updates the VAT silently", async () => {
    await addLine();
    await (
      await getDb()
    )
      .update(articlePriceCalculations)
      .set({ salesVatRateId: reducedVatId })
      .where(eq(articlePriceCalculations.articleId, mugId));
    invalidateCatalog();
    const item = onlyItem((await refresh()).body);
    expect(item).toMatchObject({ unitPriceCents: MUG_PRICE, vatPercent: 7, earlierUnitPriceCents: null, priceChanged: false });
  });

  it("a deactivated variant or mug → the line is removed, the others stay", async () => {
    const db = await getDb();
    await addLine({ variantId: variant.white });
    await addLine({ variantId: variant.black });
    await addLine({ mugId: campMug.id, variantId: campMug.variantId });
    await db.update(mugVariants).set({ active: false }).where(eq(mugVariants.id, variant.black));
    await db.update(articles).set({ active: false }).where(eq(articles.id, campMug.id));
    invalidateCatalog();
    const res = await refresh();
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.variant.name)).toEqual(["White"]);
    expect(await storedItems(customerId)).toHaveLength(1);
  });

  describe("re-pricing only when the catalogue changed (the cart page refreshes on every visit)", () => {
    /** The cart row's xmax: a refresh that locks the cart (SELECT … FOR UPDATE) or writes a line changes it or the lines. */
    async function cartState() {
      const db = await getDb();
      const [cart] = await db
        .select({ xmax: sql<string>`xmax::text` })
        .from(carts)
        .where(eq(carts.userId, customerId));
      const lines = await db
        .select({ xmax: sql<string>`xmax::text`, ctid: sql<string>`ctid::text` })
        .from(cartItems)
        .orderBy(cartItems.id);
      return { cart, lines };
    }

    it("a visit with an unchanged catalogue writes nothing: no lock, no line written", async () => {
      await addLine({ quantity: 2 });
      await addLine({ variantId: variant.black });
      await refresh(); // the first visit checks the lines added from the cached catalogue
      const before = await cartState();
      const first = await refresh();
      const second = await refresh();
      expect(first.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(await cartState()).toEqual(before);
      expect(first.body.items.map((i) => i.priceChanged)).toEqual([false, false]);
    });

    it("after a price change the next visit re-prices and flags the line; the visit after writes nothing again", async () => {
      await addLine();
      await refresh();
      await setMugPrice(1899);
      const res = await refresh();
      expect(onlyItem(res.body)).toMatchObject({ unitPriceCents: 1899, earlierUnitPriceCents: MUG_PRICE, priceChanged: true });
      const before = await cartState();
      expect((await refresh()).body).toEqual(res.body);
      expect(await cartState()).toEqual(before);
    });

    it("a changed default VAT rate is a catalogue change too (an article priced at the default rate)", async () => {
      const db = await getDb();
      await db.update(articlePriceCalculations).set({ salesVatRateId: null }).where(eq(articlePriceCalculations.articleId, mugId));
      invalidateCatalog();
      await addLine();
      await refresh();
      await db.update(vatRates).set({ percent: 21 }).where(eq(vatRates.id, standardVatId));
      try {
        expect(onlyItem((await refresh()).body)).toMatchObject({ unitPriceCents: MUG_PRICE, vatPercent: 21 });
      } finally {
        await db.update(vatRates).set({ percent: 19 }).where(eq(vatRates.id, standardVatId));
      }
    });
  });

  it("a line whose image was deleted is not shown and is removed", async () => {
    const { imageId } = await addLine();
    await addLine({ variantId: variant.black });
    await (await getDb()).delete(images).where(eq(images.id, imageId));
    expect((await getCart()).body.items.map((i) => i.variant.name)).toEqual(["Black"]);
    await refresh();
    expect((await storedItems(customerId)).map((i) => i.mugVariantId)).toEqual([variant.black]);
  });
});

// ---------------------------------------------------------------------------------------------
