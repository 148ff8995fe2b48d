import "server-only";
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, type Db, type Tx } from "@/db/client";
import { cartItems, carts, images, prompts, type ImageType } from "@/db/schema";
import { ApiError, notFound, validationFailed } from "@/lib/errors";
import type { Viewer } from "@/lib/request-context/viewer";
import type { Locale } from "@/lib/i18n/config";
import { MAX_QUANTITY, type addCartItemBody, type CartDto, type updateCartItemBody } from "@/lib/schemas/cart";
import { listPublicMugs } from "../catalog";
import { getCart } from "./read";
import { type Queryable, userCartIds } from "./shared";

type AddBody = z.output<typeof addCartItemBody>;
type UpdateBody = z.output<typeof updateCartItemBody>;

const PRINTABLE: ReadonlySet<ImageType> = new Set(["GENERATED", "EDITED"]);

async function lockCart(tx: Tx, userId: number): Promise<number> {
  await tx.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for("update");
  if (!cart) throw new Error("cart row missing after insert");
  return cart.id;
}

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

export async function addCartItem(session: Viewer, body: AddBody, locale: Locale): Promise<CartDto> {
  const userId = session.user.id;
  const mug = (await listPublicMugs(locale)).find((m) => m.id === body.mugId);
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
        and(
          eq(cartItems.cartId, cartId),
          eq(cartItems.articleId, mug.id),
          eq(cartItems.mugVariantId, variant.id),
          eq(cartItems.imageId, image.id),
        ),
      )
      .orderBy(asc(cartItems.id))
      .limit(1);
    if (existing) {
      const quantity = existing.quantity + body.quantity;
      if (quantity > MAX_QUANTITY) throw validationFailed({ quantity: "validation.quantityInvalid" });
      const repriced = existing.unitPriceCents !== priceCents;
      await tx
        .update(cartItems)
        .set({
          quantity,
          unitPriceCents: priceCents,
          vatPercent,
          pricedBasis: null,
          ...(repriced ? { earlierUnitPriceCents: existing.unitPriceCents } : {}),
        })
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
  return getCart(session, locale);
}

const inUserCart = (db: Queryable, userId: number, itemId: number) =>
  and(eq(cartItems.id, itemId), inArray(cartItems.cartId, userCartIds(db, userId)));

export async function updateCartItem(session: Viewer, itemId: number, body: UpdateBody, locale: Locale): Promise<CartDto> {
  const db = await getDb();
  const [updated] = await db
    .update(cartItems)
    .set({ quantity: body.quantity })
    .where(inUserCart(db, session.user.id, itemId))
    .returning({ id: cartItems.id });
  if (!updated) throw notFound();
  return getCart(session, locale);
}

export async function removeCartItem(session: Viewer, itemId: number, locale: Locale): Promise<CartDto> {
  const db = await getDb();
  const [deleted] = await db
    .delete(cartItems)
    .where(inUserCart(db, session.user.id, itemId))
    .returning({ id: cartItems.id });
  if (!deleted) throw notFound();
  return getCart(session, locale);
}

export async function clearCart(session: Viewer, locale: Locale): Promise<CartDto> {
  const db = await getDb();
  await clearCartInTx(session.user.id, db);
  await db.update(carts).set({ discountCodeId: null }).where(eq(carts.userId, session.user.id));
  return getCart(session, locale);
}

export async function clearCartInTx(userId: number, tx: Tx | Db): Promise<void> {
  await tx.delete(cartItems).where(inArray(cartItems.cartId, userCartIds(tx, userId)));
}

export async function removeOrderedFromCart(
  userId: number,
  ordered: { mugVariantId: number | null; imageId: number | null; quantity: number }[],
  tx: Tx,
  usedCodeId?: number | null,
): Promise<void> {
  if (usedCodeId)
    await tx
      .update(carts)
      .set({ discountCodeId: null })
      .where(and(eq(carts.userId, userId), eq(carts.discountCodeId, usedCodeId)));
  for (const line of ordered) {
    if (line.mugVariantId === null || line.imageId === null) continue;
    const match = and(
      inArray(cartItems.cartId, userCartIds(tx, userId)),
      eq(cartItems.mugVariantId, line.mugVariantId),
      eq(cartItems.imageId, line.imageId),
    );
    // Delete first: a line reduced by the update below must not be caught by the delete.
    await tx.delete(cartItems).where(and(match, lte(cartItems.quantity, line.quantity)));
    await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${line.quantity}` })
      .where(and(match, gt(cartItems.quantity, line.quantity)));
  }
}
