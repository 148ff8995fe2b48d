import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import * as cartRoute from "@/app/api/user/cart/route";
import * as summaryRoute from "@/app/api/user/cart/summary/route";
import * as itemsRoute from "@/app/api/user/cart/items/route";
import * as itemRoute from "@/app/api/user/cart/items/[itemId]/route";
import * as refreshRoute from "@/app/api/user/cart/refresh-prices/route";
import * as registerRoute from "@/app/api/auth/register/route";
import { getDb } from "@/db/client";
import {
  articlePriceCalculations,
  articles,
  cartItems,
  carts,
  images,
  mugDetails,
  mugVariants,
  prompts,
  users,
  vatRates,
  type ImageType,
} from "@/db/schema";
import { MUG_ARTICLE, SHIRT_ARTICLE } from "@/db/seed-data";
import { orderTotals } from "@/lib/domain/pricing";
import type { CartDto, CartSummaryDto } from "@/lib/schemas/cart";
import { clearCartInTx, pricedCartForCheckout } from "@/lib/services/cart";
import { listPublicMugs } from "@/lib/services/catalog";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import { storeImage } from "@/lib/services/images";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { checkoutBody, getOrder, placeOrder } from "../helpers/orders";
import { TEST_USERS } from "../helpers/test-db";

type ErrorBody = { message: string; errors?: Record<string, string> };
type CartBody = CartDto & ErrorBody;
type Who = Role | { cookie: string };

const MUG_PRICE = MUG_ARTICLE.price.salesTotalGrossCents; // 1499, stored GROSS at the standard rate (19 %)

let customerId: number;
let otherId: number;
let mugId: number;
let shirtId: number;
const variant: Record<"white" | "black" | "red", number> = { white: 0, black: 0, red: 0 };
let inactiveVariantId: number;
/** A second mug: 10.00 € NET at the reduced rate (7 %) → 10.70 € gross, with one variant. */
let campMug: { id: number; variantId: number };
let popArt: { id: number; title: string };
let otherPrompt: { id: number; title: string };
let standardVatId: number;
let reducedVatId: number;

async function cookieOf(who: Who): Promise<string | undefined> {
  return typeof who === "string" ? cookieFor(who) : who.cookie;
}

const getCart = async (who: Who = "customer") => call<CartBody>(cartRoute.GET, { path: "/api/user/cart", cookie: await cookieOf(who) });
const getSummary = async (who: Who = "customer") =>
  call<CartSummaryDto & ErrorBody>(summaryRoute.GET, { path: "/api/user/cart/summary", cookie: await cookieOf(who) });
const addItem = async (body: unknown, who: Who = "customer") =>
  call<CartBody>(itemsRoute.POST, { method: "POST", path: "/api/user/cart/items", body, cookie: await cookieOf(who) });
const updateItem = async (itemId: number | string, body: unknown, who: Who = "customer") =>
  call<CartBody>(itemRoute.PUT, {
    method: "PUT",
    path: `/api/user/cart/items/${itemId}`,
    params: { itemId: String(itemId) },
    body,
    cookie: await cookieOf(who),
  });
const removeItem = async (itemId: number | string, who: Who = "customer") =>
  call<CartBody>(itemRoute.DELETE, {
    method: "DELETE",
    path: `/api/user/cart/items/${itemId}`,
    params: { itemId: String(itemId) },
    cookie: await cookieOf(who),
  });
const clearAll = async (who: Who = "customer") =>
  call<CartBody>(cartRoute.DELETE, { method: "DELETE", path: "/api/user/cart", cookie: await cookieOf(who) });
const refresh = async (who: Who = "customer") =>
  call<CartBody>(refreshRoute.POST, { method: "POST", path: "/api/user/cart/refresh-prices", cookie: await cookieOf(who) });

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
}

/** An image of a user as the generate/upload flows store it. */
async function makeImage(
  ownerId: number,
  type: Exclude<ImageType, "CATALOGUE"> = "GENERATED",
  promptId: number | null = null,
): Promise<number> {
  const row = await storeImage({
    bytes: await png(),
    use: "generated",
    format: type === "UPLOADED" ? "jpeg" : "png",
    type,
    ownerId,
    promptId,
  });
  return row.id;
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`user ${email} seeded`);
  return row.id;
}

let guestCounter = 0;
/** A guest account as the editor registers it (POST /api/auth/register { email, guest: true }). */
async function registerGuest(): Promise<{ cookie: string; userId: number }> {
  guestCounter += 1;
  const res = await call<{ user: { id: number } }>(registerRoute.POST, {
    method: "POST",
    path: "/api/auth/register",
    body: { email: `cart-guest-${guestCounter}-${Date.now()}@test.local`, guest: true },
  });
  expect(res.status).toBe(201);
  return { cookie: cookieFrom(res), userId: res.body.user.id };
}

async function storedItems(userId: number) {
  const db = await getDb();
  return db
    .select({ item: cartItems })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId))
    .orderBy(cartItems.id)
    .then((rows) => rows.map((r) => r.item));
}

/** A line of the customer's cart (one generated image on the white mug unless told otherwise); answers the cart. */
async function addLine(
  opts: { variantId?: number; imageId?: number; quantity?: number; mugId?: number; who?: Who; ownerId?: number } = {},
) {
  const imageId = opts.imageId ?? (await makeImage(opts.ownerId ?? customerId, "GENERATED", popArt.id));
  const res = await addItem(
    { mugId: opts.mugId ?? mugId, variantId: opts.variantId ?? variant.white, imageId, quantity: opts.quantity },
    opts.who ?? "customer",
  );
  expect(res.status).toBe(201);
  return { res, imageId };
}

function onlyItem(cart: CartDto) {
  expect(cart.items).toHaveLength(1);
  const [item] = cart.items;
  if (!item) throw new Error("one item");
  return item;
}

async function setMugPrice(salesTotalCents: number, articleId = mugId) {
  await (await getDb()).update(articlePriceCalculations).set({ salesTotalCents }).where(eq(articlePriceCalculations.articleId, articleId));
  invalidateCatalog();
}

beforeAll(async () => {
  // Many accounts registered from one address here; the registration limit has its own test (ai-money).
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  (await import("@/lib/env")).resetEnvCache();
  invalidateCatalog();
  const db = await getDb();
  customerId = await userIdOf(TEST_USERS.customer.email);
  otherId = await userIdOf(TEST_USERS.other.email);
  const [mug] = await db
    .select({ id: articles.id, categoryId: articles.categoryId })
    .from(articles)
    .where(eq(articles.articleNumber, MUG_ARTICLE.articleNumber));
  const [shirt] = await db.select({ id: articles.id }).from(articles).where(eq(articles.articleNumber, SHIRT_ARTICLE.articleNumber));
  if (!mug || !shirt) throw new Error("seeded mug and shirt");
  mugId = mug.id;
  shirtId = shirt.id;
  const variants = await db
    .select({ id: mugVariants.id, name: mugVariants.name })
    .from(mugVariants)
    .where(eq(mugVariants.articleId, mugId));
  const idOf = (name: string) => {
    const v = variants.find((x) => x.name === name);
    if (!v) throw new Error(`variant ${name}`);
    return v.id;
  };
  variant.white = idOf("White");
  variant.black = idOf("Black");
  variant.red = idOf("Red inside");
  const [inactive] = await db
    .insert(mugVariants)
    .values({ articleId: mugId, name: "Green (discontinued)", insideColorCode: "#00FF00", outsideColorCode: "#FFFFFF", active: false })
    .returning({ id: mugVariants.id });
  if (!inactive) throw new Error("inserted");
  inactiveVariantId = inactive.id;

  const [standard] = await db.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.isDefault, true));
  const [reduced] = await db.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.name, "Reduced"));
  if (!standard || !reduced) throw new Error("seeded VAT rates");
  standardVatId = standard.id;
  reducedVatId = reduced.id;
  const [camp] = await db
    .insert(articles)
    .values({ type: "MUG", name: "Enamel Camp Mug", articleNumber: "MUG-TEST-CAMP", categoryId: mug.categoryId, active: true })
    .returning({ id: articles.id });
  if (!camp) throw new Error("inserted");
  await db.insert(mugDetails).values({ articleId: camp.id, ...MUG_ARTICLE.details });
  await db
    .insert(articlePriceCalculations)
    .values({ articleId: camp.id, salesTotalCents: 1000, salesPriceMode: "NET", salesVatRateId: reducedVatId });
  const [campVariant] = await db
    .insert(mugVariants)
    .values({ articleId: camp.id, name: "Silver", insideColorCode: "#C0C0C0", outsideColorCode: "#C0C0C0", isDefault: true })
    .returning({ id: mugVariants.id });
  if (!campVariant) throw new Error("inserted");
  campMug = { id: camp.id, variantId: campVariant.id };

  const promptRows = await db
    .select({ id: prompts.id, title: prompts.title, promptNumber: prompts.promptNumber })
    .from(prompts)
    .orderBy(prompts.id);
  const first = promptRows.find((p) => p.promptNumber === "P-001");
  const second = promptRows.find((p) => p.promptNumber !== "P-001");
  if (!first || !second) throw new Error("seeded prompts");
  popArt = { id: first.id, title: first.title };
  otherPrompt = { id: second.id, title: second.title };
  invalidateCatalog();
});

beforeEach(async () => {
  await (await getDb()).delete(cartItems);
});

afterEach(async () => {
  // Undo catalogue edits of a test.
  const db = await getDb();
  await db
    .update(articlePriceCalculations)
    .set({ salesTotalCents: MUG_PRICE, salesPriceMode: "GROSS", salesVatRateId: standardVatId })
    .where(eq(articlePriceCalculations.articleId, mugId));
  await db
    .update(mugVariants)
    .set({ active: true })
    .where(and(eq(mugVariants.articleId, mugId), eq(mugVariants.name, "Black")));
  await db.update(articles).set({ active: true }).where(eq(articles.id, campMug.id));
  invalidateCatalog();
});

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
      ...orderTotals([{ unitPriceCents: MUG_PRICE, quantity: 2, vatPercent: 19 }], 19),
      currency: "EUR",
      hasPriceChanges: false,
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
      summary: { itemCount: 0, subtotalCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0, currency: "EUR", hasPriceChanges: false },
    });
    expect(await storedItems(customerId)).toEqual([]);
    // Clearing an empty cart is fine too.
    expect((await clearAll()).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe("GET /api/user/cart/summary", () => {
  it("a user who never had a cart: everything 0", async () => {
    const guest = await registerGuest();
    const res = await getSummary({ cookie: guest.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      itemCount: 0,
      subtotalCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
      currency: "EUR",
      hasPriceChanges: false,
    });
  });

  it("below 50 €: 4.90 € shipping; VAT contained in lines and shipping", async () => {
    await addLine({ quantity: 3 }); // 3 × 14.99 = 44.97 €
    const res = await getSummary();
    expect(res.status).toBe(200);
    // 4497 gross at 19 %: net round(3778.99) = 3779 → 718; shipping 490: net 412 → 78.
    expect(res.body).toEqual({
      itemCount: 3,
      subtotalCents: 4497,
      shippingCents: 490,
      taxCents: 718 + 78,
      totalCents: 4987,
      currency: "EUR",
      hasPriceChanges: false,
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
      subtotalCents: 5567,
      shippingCents: 0,
      taxCents: 718 + 70,
      totalCents: 5567,
      currency: "EUR",
      hasPriceChanges: false,
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
    const { itemCount: _count, currency: _currency, hasPriceChanges: _changes, ...summaryTotals } = (await getCart()).body.summary;
    expect(result.totals).toEqual(summaryTotals);
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
      totals: { subtotalCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 },
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
