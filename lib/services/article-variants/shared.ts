import "server-only";
import { and, eq, notExists, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import {
  articles,
  cartItems,
  generations,
  images,
  mugVariants,
  orderItems,
  prompts,
  shirtDetails,
  shirtVariants,
  slotVariants,
} from "@/db/schema";
import { ApiError, pgErrorCode } from "@/lib/errors";
import { violatedConstraint } from "../list-query";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/integrations/storage";

export async function lockMug(tx: Tx, mugId: number): Promise<void> {
  const [row] = await tx.select({ id: articles.id, type: articles.type }).from(articles).where(eq(articles.id, mugId)).for("update");
  if (!row || row.type !== "MUG") throw new ApiError(404, "errors.invalidMugId");
}

export async function lockShirt(tx: Tx, shirtId: number): Promise<{ availableSizes: string[] }> {
  const [row] = await tx.select({ id: articles.id, type: articles.type }).from(articles).where(eq(articles.id, shirtId)).for("update");
  if (!row || row.type !== "SHIRT") throw new ApiError(404, "errors.articleNotFound");
  const [details] = await tx
    .select({ availableSizes: shirtDetails.availableSizes })
    .from(shirtDetails)
    .where(eq(shirtDetails.articleId, shirtId));
  return { availableSizes: details?.availableSizes ?? [] };
}

export function violatedUnique(err: unknown): string | undefined {
  return pgErrorCode(err) === "23505" ? violatedConstraint(err) : undefined;
}

/** So that two concurrent writes never end in a 500. */
export async function mapUniqueViolations<T>(work: () => Promise<T>, map: Record<string, () => ApiError>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = violatedUnique(err);
    const mapped = constraint ? map[constraint] : undefined;
    if (mapped) throw mapped();
    throw err;
  }
}

export async function mugVariantInUse(tx: Tx, variantId: number): Promise<boolean> {
  const [inOrder] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.mugVariantId, variantId)).limit(1);
  if (inOrder) return true;
  const [inCart] = await tx.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.mugVariantId, variantId)).limit(1);
  return !!inCart;
}

export async function shirtVariantInUse(tx: Tx, variantId: number): Promise<boolean> {
  const [inOrder] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.shirtVariantId, variantId)).limit(1);
  if (inOrder) return true;
  const [inCart] = await tx.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.shirtVariantId, variantId)).limit(1);
  return !!inCart;
}

/** Call it after the transaction that dropped the reference has committed. */
export async function deleteCatalogueImageIfUnreferenced(imageId: number): Promise<boolean> {
  const db = await getDb();
  const refs = [
    db
      .select({ one: sql`1` })
      .from(mugVariants)
      .where(eq(mugVariants.exampleImageId, images.id)),
    db
      .select({ one: sql`1` })
      .from(shirtVariants)
      .where(eq(shirtVariants.exampleImageId, images.id)),
    db
      .select({ one: sql`1` })
      .from(prompts)
      .where(eq(prompts.exampleImageId, images.id)),
    db
      .select({ one: sql`1` })
      .from(slotVariants)
      .where(eq(slotVariants.exampleImageId, images.id)),
    db
      .select({ one: sql`1` })
      .from(orderItems)
      .where(eq(orderItems.imageId, images.id)),
    db
      .select({ one: sql`1` })
      .from(cartItems)
      .where(eq(cartItems.imageId, images.id)),
    db
      .select({ one: sql`1` })
      .from(generations)
      .where(eq(generations.sourceImageId, images.id)),
  ];
  const [deleted] = await db
    .delete(images)
    .where(and(eq(images.id, imageId), eq(images.type, "CATALOGUE"), ...refs.map((r) => notExists(r))))
    .returning({ id: images.id, storageKey: images.storageKey });
  if (!deleted) return false;
  await getStorage()
    .delete(deleted.storageKey)
    .catch((err: unknown) => logger.warn("could not delete image file", { imageId: deleted.id, err }));
  return true;
}

export async function removeFiles(keys: string[]): Promise<void> {
  const storage = getStorage();
  await Promise.all(keys.map((key) => storage.delete(key).catch((err: unknown) => logger.warn("could not remove file", { key, err }))));
}
