import "server-only";
import { and, eq, inArray, ne, notExists, sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { images, orderItems } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/integrations/storage";
import { deletePrintRenditions } from "./print-sizes";
import { deleteThumbnails } from "./thumbnails";
import { deleteMockupsOfDesigns } from "./mockups/delete";

/** Row first, then file: a leftover file is harmless, a row without its file is not. Order designs are kept (409). */
export async function deleteImage(imageId: number, where?: SQL): Promise<boolean> {
  const db = await getDb();
  const inOrder = db
    .select({ one: sql`1` })
    .from(orderItems)
    .where(eq(orderItems.imageId, images.id));
  const [deleted] = await db
    .delete(images)
    .where(and(eq(images.id, imageId), where, notExists(inOrder)))
    .returning({ id: images.id, storageKey: images.storageKey });
  if (!deleted) {
    const [exists] = await db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.id, imageId), where));
    if (!exists) return false;
    throw new ApiError(409, "errors.imageInOrder");
  }
  await deleteImageFiles([deleted.storageKey]);
  return true;
}

/** The caller deletes the files after the commit, so no file goes while the rows could still roll back. */
export async function deleteImageRows(tx: Tx, imageIds: readonly number[], where?: SQL): Promise<string[]> {
  if (!imageIds.length) return [];
  const deleted = await tx
    .delete(images)
    .where(and(inArray(images.id, [...imageIds]), ne(images.type, "CATALOGUE"), where))
    .returning({ storageKey: images.storageKey });
  return deleted.map((d) => d.storageKey);
}

export async function deleteImageFiles(storageKeys: readonly string[]): Promise<void> {
  const storage = getStorage();
  for (const key of storageKeys) {
    await Promise.all([
      storage.delete(key).catch((err: unknown) => logger.warn("could not delete image file", { storageKey: key, err })),
      deletePrintRenditions(key).catch((err: unknown) => logger.warn("could not delete print renditions", { storageKey: key, err })),
      deleteThumbnails(key),
    ]);
  }
  await deleteMockupsOfDesigns(storageKeys).catch((err: unknown) => logger.warn("could not delete mockups", { err }));
}

export async function deleteImages(imageIds: readonly number[], where?: SQL): Promise<number> {
  const db = await getDb();
  const keys = await db.transaction((tx) => deleteImageRows(tx, imageIds, where));
  await deleteImageFiles(keys);
  return keys.length;
}
