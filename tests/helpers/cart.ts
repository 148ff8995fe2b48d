import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, expect } from "vitest";
import { and, eq } from "drizzle-orm";
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
  mugDetails,
  mugVariants,
  prompts,
  users,
  vatRates,
  type ImageType,
} from "@/db/schema";
import { MUG_ARTICLE, SHIRT_ARTICLE } from "@/db/seed-data";
import type { CartDto, CartSummaryDto } from "@/lib/schemas/cart";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import { storeImage } from "@/lib/services/images";
import { call, cookieFor, cookieFrom, type Role } from "./api";
import { TEST_USERS } from "./test-db";

export type ErrorBody = { message: string; errors?: Record<string, string> };
export type CartBody = CartDto & ErrorBody;
export type Who = Role | { cookie: string };

export const MUG_PRICE = MUG_ARTICLE.price.salesTotalGrossCents; // 1499, stored GROSS at the standard rate (19 %)

export let customerId: number;
export let otherId: number;
export let mugId: number;
export let shirtId: number;
export const variant: Record<"white" | "black" | "red", number> = { white: 0, black: 0, red: 0 };
export let inactiveVariantId: number;
export let campMug: { id: number; variantId: number };
export let popArt: { id: number; title: string };
export let otherPrompt: { id: number; title: string };
export let standardVatId: number;
export let reducedVatId: number;

export async function cookieOf(who: Who): Promise<string | undefined> {
  return typeof who === "string" ? cookieFor(who) : who.cookie;
}

export const getCart = async (who: Who = "customer") =>
  call<CartBody>(cartRoute.GET, { path: "/api/user/cart", cookie: await cookieOf(who) });
export const getSummary = async (who: Who = "customer") =>
  call<CartSummaryDto & ErrorBody>(summaryRoute.GET, { path: "/api/user/cart/summary", cookie: await cookieOf(who) });
export const addItem = async (body: unknown, who: Who = "customer") =>
  call<CartBody>(itemsRoute.POST, { method: "POST", path: "/api/user/cart/items", body, cookie: await cookieOf(who) });
export const updateItem = async (itemId: number | string, body: unknown, who: Who = "customer") =>
  call<CartBody>(itemRoute.PUT, {
    method: "PUT",
    path: `/api/user/cart/items/${itemId}`,
    params: { itemId: String(itemId) },
    body,
    cookie: await cookieOf(who),
  });
export const removeItem = async (itemId: number | string, who: Who = "customer") =>
  call<CartBody>(itemRoute.DELETE, {
    method: "DELETE",
    path: `/api/user/cart/items/${itemId}`,
    params: { itemId: String(itemId) },
    cookie: await cookieOf(who),
  });
export const clearAll = async (who: Who = "customer") =>
  call<CartBody>(cartRoute.DELETE, { method: "DELETE", path: "/api/user/cart", cookie: await cookieOf(who) });
export const refresh = async (who: Who = "customer") =>
  call<CartBody>(refreshRoute.POST, { method: "POST", path: "/api/user/cart/refresh-prices", cookie: await cookieOf(who) });

export async function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
}

export async function makeImage(
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

export async function userIdOf(email: string): Promise<number> {
  const [row] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`user ${email} seeded`);
  return row.id;
}

export let guestCounter = 0;
export async function registerGuest(): Promise<{ cookie: string; userId: number }> {
  guestCounter += 1;
  const res = await call<{ user: { id: number } }>(registerRoute.POST, {
    method: "POST",
    path: "/api/auth/register",
    body: { email: `cart-guest-${guestCounter}-${Date.now()}@test.local`, guest: true },
  });
  expect(res.status).toBe(201);
  return { cookie: cookieFrom(res), userId: res.body.user.id };
}

export async function storedItems(userId: number) {
  const db = await getDb();
  return db
    .select({ item: cartItems })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId))
    .orderBy(cartItems.id)
    .then((rows) => rows.map((r) => r.item));
}

export async function addLine(
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

export function onlyItem(cart: CartDto) {
  expect(cart.items).toHaveLength(1);
  const [item] = cart.items;
  if (!item) throw new Error("one item");
  return item;
}

export async function setMugPrice(salesTotalCents: number, articleId = mugId) {
  await (await getDb()).update(articlePriceCalculations).set({ salesTotalCents }).where(eq(articlePriceCalculations.articleId, articleId));
  invalidateCatalog();
}

export function setupCartFixtures(): void {
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
}
