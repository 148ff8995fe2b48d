import "server-only";
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, type Db, type Tx } from "@/db/client";
import {
  articlePriceCalculations,
  articles,
  cartItems,
  carts,
  images,
  mugDetails,
  mugVariants,
  prompts,
  vatRates,
  type ImageType,
} from "@/db/schema";
import { ApiError, notFound, validationFailed } from "@/lib/api/errors";
import type { Session } from "@/lib/auth/session";
import { orderTotals, type OrderTotals } from "@/lib/pricing";
import {
  cartResponse,
  MAX_QUANTITY,
  type addCartItemBody,
  type CartDto,
  type CartItemDto,
  type CartSummaryDto,
  type updateCartItemBody,
} from "@/lib/schemas/cart";
import { listPublicMugs } from "./catalog";
import { cachedCatalog } from "./catalog-cache";
import { articlePrice, articlePriceColumns, defaultVat, salesVat } from "./article-price";
import { imageUrl } from "./images";

/**
 * The signed-in user's single cart (guests included). Every function is scoped to one user: an item
 * of anybody else's cart answers 404 exactly like an unknown one. Prices are gross cents snapshotted
 * from the catalogue when a line is added; refresh (and checkout) compare them with the catalogue.
 *
 * PGlite runs one connection: a query through getDb() while a transaction is open waits for that
 * transaction forever. The *InTx functions therefore read only through the given `tx` (never the
 * catalogue cache), and the others never call getDb() inside their own transactions.
 */

type Queryable = Db | Tx;
type AddBody = z.output<typeof addCartItemBody>;
type UpdateBody = z.output<typeof updateCartItemBody>;

/** Shipping VAT when no rate is marked as default. */
const FALLBACK_VAT_PERCENT = 19;

/** Image types a customer may put on a mug: the AI result or their edit of it, never the raw upload. */
const PRINTABLE: ReadonlySet<ImageType> = new Set(["GENERATED", "EDITED"]);

/** One line as an order needs it (what the orders service copies into order_items). */
export interface CheckoutLine {
  cartItemId: number;
  articleId: number;
  articleName: string;
  mugVariantId: number;
  variantName: string;
  /** e.g. "inside #C62828 / outside #FFFFFF". */
  colour: string;
  imageId: number;
  promptId: number | null;
  quantity: number;
  /** Gross unit price in cents (the refreshed snapshot, prompt price included). */
  unitPriceCents: number;
  vatPercent: number;
  lineTotalCents: number;
}

export interface PricedCart {
  lines: CheckoutLine[];
  /** True when this call changed a line's gross price or removed a line that is no longer available. */
  changed: boolean;
  /** Lines removed in this call because their mug, variant or image is gone. */
  removedItemIds: number[];
  /** Subtotal, shipping, VAT and total of `lines` (shipping VAT: the default rate). */
  totals: OrderTotals;
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

const userCartIds = (db: Queryable, userId: number) => db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));

/** The cart lines as shown: only lines whose variant and image still exist (others are removed by refresh/checkout). */
function readLines(db: Queryable, userId: number) {
  return db
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      unitPriceCents: cartItems.unitPriceCents,
      earlierUnitPriceCents: cartItems.earlierUnitPriceCents,
      promptPriceCents: cartItems.promptPriceCents,
      vatPercent: cartItems.vatPercent,
      mug: { id: articles.id, name: articles.name },
      variant: {
        id: mugVariants.id,
        name: mugVariants.name,
        insideColorCode: mugVariants.insideColorCode,
        outsideColorCode: mugVariants.outsideColorCode,
      },
      imageId: images.id,
      promptId: prompts.id,
      promptTitle: prompts.title,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(articles, eq(articles.id, cartItems.articleId))
    .innerJoin(mugVariants, eq(mugVariants.id, cartItems.mugVariantId))
    .innerJoin(images, eq(images.id, cartItems.imageId))
    .leftJoin(prompts, eq(prompts.id, cartItems.promptId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.id));
}

type LineRow = Awaited<ReturnType<typeof readLines>>[number];

async function defaultVatPercent(db: Queryable): Promise<number> {
  const [row] = await db.select({ percent: vatRates.percent }).from(vatRates).where(eq(vatRates.isDefault, true)).limit(1);
  return row ? Number(row.percent) : FALLBACK_VAT_PERCENT;
}

/** The shipping VAT percent outside a transaction (cached with the catalogue; VAT writes invalidate it). */
function cachedShippingVatPercent(): Promise<number> {
  return cachedCatalog("default-vat-percent", async () => defaultVatPercent(await getDb()));
}

const grossUnit = (line: { unitPriceCents: number; promptPriceCents: number }) => line.unitPriceCents + line.promptPriceCents;

function toCartDto(rows: LineRow[], shippingVatPercent: number): CartDto {
  const items: CartItemDto[] = rows.map((r) => ({
    id: r.id,
    mug: r.mug,
    variant: r.variant,
    image: { id: r.imageId, url: imageUrl(r.imageId) },
    prompt: r.promptId !== null && r.promptTitle !== null ? { id: r.promptId, title: r.promptTitle } : null,
    quantity: r.quantity,
    unitPriceCents: r.unitPriceCents,
    earlierUnitPriceCents: r.earlierUnitPriceCents,
    priceChanged: r.earlierUnitPriceCents !== null,
    promptPriceCents: r.promptPriceCents,
    vatPercent: Number(r.vatPercent),
    lineTotalCents: grossUnit(r) * r.quantity,
  }));
  const totals = orderTotals(
    rows.map((r) => ({ unitPriceCents: grossUnit(r), quantity: r.quantity, vatPercent: Number(r.vatPercent) })),
    shippingVatPercent,
  );
  const summary: CartSummaryDto = {
    itemCount: rows.reduce((n, r) => n + r.quantity, 0),
    ...totals,
    currency: "EUR",
    hasPriceChanges: items.some((i) => i.priceChanged),
  };
  return cartResponse.parse({ items, summary });
}

/** The caller's cart: items (oldest first) and summary. An empty cart when there is none yet. */
export async function getCart(session: Session): Promise<CartDto> {
  const db = await getDb();
  const [rows, shippingVat] = await Promise.all([readLines(db, session.user.id), cachedShippingVatPercent()]);
  return toCartDto(rows, shippingVat);
}

/** Item count (sum of quantities), subtotal, shipping, VAT and total of the caller's cart. */
export async function getCartSummary(session: Session): Promise<CartSummaryDto> {
  return (await getCart(session)).summary;
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** The user's cart row, created on first use, locked for this transaction (one writer per cart at a time). */
async function lockCart(tx: Tx, userId: number): Promise<number> {
  await tx.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for("update");
  if (!cart) throw new Error("cart row missing after insert");
  return cart.id;
}

/** The caller's own GENERATED or EDITED image; anybody else's or unknown → 404, an upload → 422. */
async function printableImageOrThrow(db: Queryable, imageId: number, userId: number) {
  const [image] = await db
    .select({ id: images.id, type: images.type, promptId: images.promptId })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.ownerId, userId)));
  if (!image || image.type === "CATALOGUE") throw notFound();
  if (!PRINTABLE.has(image.type)) throw validationFailed({ imageId: "validation.generatedImageRequired" });
  return image;
}

async function promptExistsOrThrow(db: Queryable, promptId: number): Promise<void> {
  const [prompt] = await db.select({ id: prompts.id }).from(prompts).where(eq(prompts.id, promptId));
  if (!prompt) throw validationFailed({ promptId: "validation.invalidValue" });
}

/**
 * Puts the caller's image on a mug in a colour variant. The price is the catalogue's gross price
 * now; the same mug, variant and image again adds to that line's quantity (at most 99), and takes the
 * current price (flagging the line when the price moved since it was added).
 */
export async function addCartItem(session: Session, body: AddBody): Promise<CartDto> {
  const userId = session.user.id;
  const mug = (await listPublicMugs()).find((m) => m.id === body.mugId);
  if (!mug) throw new ApiError(404, "errors.invalidMugId");
  const variant = mug.variants.find((v) => v.id === body.variantId);
  if (!variant) throw validationFailed({ variantId: "validation.variantRequired" });

  const db = await getDb();
  const image = await printableImageOrThrow(db, body.imageId, userId);
  if (body.promptId !== undefined) await promptExistsOrThrow(db, body.promptId);
  const promptId = body.promptId ?? image.promptId;
  const { priceCents, vatPercent } = mug.price;

  await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, userId);
    const [existing] = await tx
      .select({ id: cartItems.id, quantity: cartItems.quantity, unitPriceCents: cartItems.unitPriceCents })
      .from(cartItems)
      .where(
        and(eq(cartItems.cartId, cartId), eq(cartItems.articleId, mug.id), eq(cartItems.mugVariantId, variant.id), eq(cartItems.imageId, image.id)),
      )
      .orderBy(asc(cartItems.id))
      .limit(1);
    if (existing) {
      const quantity = existing.quantity + body.quantity;
      if (quantity > MAX_QUANTITY) throw validationFailed({ quantity: "validation.quantityInvalid" });
      const repriced = existing.unitPriceCents !== priceCents;
      await tx
        .update(cartItems)
        .set({ quantity, unitPriceCents: priceCents, vatPercent, ...(repriced ? { earlierUnitPriceCents: existing.unitPriceCents } : {}) })
        .where(eq(cartItems.id, existing.id));
    } else {
      await tx.insert(cartItems).values({
        cartId,
        articleId: mug.id,
        mugVariantId: variant.id,
        imageId: image.id,
        promptId,
        quantity: body.quantity,
        unitPriceCents: priceCents,
        vatPercent,
      });
    }
  });
  return getCart(session);
}

const inUserCart = (db: Queryable, userId: number, itemId: number) =>
  and(eq(cartItems.id, itemId), inArray(cartItems.cartId, userCartIds(db, userId)));

/** Sets a line's quantity (1–99); the price snapshot stays. */
export async function updateCartItem(session: Session, itemId: number, body: UpdateBody): Promise<CartDto> {
  const db = await getDb();
  const [updated] = await db
    .update(cartItems)
    .set({ quantity: body.quantity })
    .where(inUserCart(db, session.user.id, itemId))
    .returning({ id: cartItems.id });
  if (!updated) throw notFound();
  return getCart(session);
}

export async function removeCartItem(session: Session, itemId: number): Promise<CartDto> {
  const db = await getDb();
  const [deleted] = await db.delete(cartItems).where(inUserCart(db, session.user.id, itemId)).returning({ id: cartItems.id });
  if (!deleted) throw notFound();
  return getCart(session);
}

export async function clearCart(session: Session): Promise<CartDto> {
  const db = await getDb();
  await clearCartInTx(session.user.id, db);
  return getCart(session);
}

/** Empties the user's cart inside the caller's transaction (after an order was placed). */
export async function clearCartInTx(userId: number, tx: Tx | Db): Promise<void> {
  await tx.delete(cartItems).where(inArray(cartItems.cartId, userCartIds(tx, userId)));
}

/**
 * After an order is paid: takes exactly what was ordered out of the cart (same variant and design,
 * by the ordered quantity). Anything added to the cart after the order was placed stays.
 */
export async function removeOrderedFromCart(
  userId: number,
  ordered: { mugVariantId: number | null; imageId: number | null; quantity: number }[],
  tx: Tx,
): Promise<void> {
  for (const line of ordered) {
    if (line.mugVariantId === null || line.imageId === null) continue;
    const match = and(inArray(cartItems.cartId, userCartIds(tx, userId)), eq(cartItems.mugVariantId, line.mugVariantId), eq(cartItems.imageId, line.imageId));
    // Delete first: a line reduced by the update below must not be caught by the delete.
    await tx.delete(cartItems).where(and(match, lte(cartItems.quantity, line.quantity)));
    await tx.update(cartItems).set({ quantity: sql`${cartItems.quantity} - ${line.quantity}` }).where(and(match, gt(cartItems.quantity, line.quantity)));
  }
}

// ---------------------------------------------------------------------------------------------
// Price refresh and checkout
// ---------------------------------------------------------------------------------------------

interface SellableVariant {
  articleId: number;
  articleName: string;
  variantName: string;
  insideColorCode: string;
  outsideColorCode: string;
  priceCents: number;
  vatPercent: number;
}

/**
 * The current catalogue price of the given mug variants, read through `db` (a transaction may pass
 * itself). Exactly the rules of listPublicMugs(): an active MUG article with details, a price
 * calculation and a VAT rate (its own, else the default), and an active variant. Anything else is
 * missing from the map: not sellable.
 */
async function sellableVariants(db: Queryable, variantIds: number[]): Promise<Map<number, SellableVariant>> {
  const out = new Map<number, SellableVariant>();
  if (variantIds.length === 0) return out;
  const rows = await db
    .select({
      variantId: mugVariants.id,
      articleId: articles.id,
      articleName: articles.name,
      variantName: mugVariants.name,
      insideColorCode: mugVariants.insideColorCode,
      outsideColorCode: mugVariants.outsideColorCode,
      ...articlePriceColumns,
    })
    .from(mugVariants)
    .innerJoin(articles, eq(articles.id, mugVariants.articleId))
    .innerJoin(mugDetails, eq(mugDetails.articleId, articles.id))
    .innerJoin(articlePriceCalculations, eq(articlePriceCalculations.articleId, articles.id))
    .leftJoin(salesVat, eq(salesVat.id, articlePriceCalculations.salesVatRateId))
    .leftJoin(defaultVat, eq(defaultVat.isDefault, true))
    .where(and(inArray(mugVariants.id, variantIds), eq(mugVariants.active, true), eq(articles.type, "MUG"), eq(articles.active, true)));
  for (const row of rows) {
    const price = articlePrice(row);
    if (!price) continue;
    const { variantId, salesTotalCents: _t, salesPriceMode: _m, salesVatPercent: _s, defaultVatPercent: _d, ...rest } = row;
    out.set(variantId, { ...rest, priceCents: price.grossCents, vatPercent: price.vatPercent });
  }
  return out;
}

/**
 * Compares every line of the user's cart with the catalogue inside `tx`: a line whose gross price
 * moved gets earlierUnitPriceCents = the old snapshot and the current price; a changed VAT percent
 * alone is taken over silently (the customer pays the same); a line whose mug, variant or image is no
 * longer available is removed.
 */
async function refreshInTx(userId: number, tx: Tx): Promise<PricedCart> {
  const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for("update");
  const shippingVat = await defaultVatPercent(tx);
  if (!cart) return { lines: [], changed: false, removedItemIds: [], totals: orderTotals([], shippingVat) };

  const items = await tx.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.id));
  const current = await sellableVariants(
    tx,
    items.flatMap((i) => (i.mugVariantId === null ? [] : [i.mugVariantId])),
  );

  const lines: CheckoutLine[] = [];
  const removedItemIds: number[] = [];
  let changed = false;
  for (const item of items) {
    const now = item.mugVariantId === null ? undefined : current.get(item.mugVariantId);
    if (!now || now.articleId !== item.articleId || item.imageId === null || item.mugVariantId === null) {
      removedItemIds.push(item.id);
      continue;
    }
    let { unitPriceCents } = item;
    const itemVat = Number(item.vatPercent);
    if (unitPriceCents !== now.priceCents || itemVat !== now.vatPercent) {
      const repriced = unitPriceCents !== now.priceCents;
      await tx
        .update(cartItems)
        .set({ unitPriceCents: now.priceCents, vatPercent: now.vatPercent, ...(repriced ? { earlierUnitPriceCents: unitPriceCents } : {}) })
        .where(eq(cartItems.id, item.id));
      if (repriced) changed = true;
      unitPriceCents = now.priceCents;
    }
    const unit = unitPriceCents + item.promptPriceCents;
    lines.push({
      cartItemId: item.id,
      articleId: item.articleId,
      articleName: now.articleName,
      mugVariantId: item.mugVariantId,
      variantName: now.variantName,
      colour: `inside ${now.insideColorCode} / outside ${now.outsideColorCode}`,
      imageId: item.imageId,
      promptId: item.promptId,
      quantity: item.quantity,
      unitPriceCents: unit,
      vatPercent: now.vatPercent,
      lineTotalCents: unit * item.quantity,
    });
  }
  if (removedItemIds.length > 0) {
    await tx.delete(cartItems).where(inArray(cartItems.id, removedItemIds));
    changed = true;
  }
  return { lines, changed, removedItemIds, totals: orderTotals(lines, shippingVat) };
}

/** POST /api/user/cart/refresh-prices: marks lines whose catalogue price changed, drops unavailable ones. */
export async function refreshCartPrices(session: Session): Promise<CartDto> {
  const db = await getDb();
  await db.transaction((tx) => refreshInTx(session.user.id, tx));
  return getCart(session);
}

/**
 * For placing an order: the user's cart read and re-priced inside the caller's transaction (same
 * rules as refreshCartPrices), with everything an order line needs. `changed` tells the caller to
 * show the price-changed notice instead of charging. Reads only through `tx`.
 */
export function pricedCartForCheckout(userId: number, tx: Tx): Promise<PricedCart> {
  return refreshInTx(userId, tx);
}
