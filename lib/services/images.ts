import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, ne, notExists, sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { images, orderItems, type Image, type ImageType } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import { intakeImage, type Crop, type ImageUse, type OutputFormat, type ProcessedImage } from "@/lib/integrations/images/intake";
import type { Session } from "@/lib/auth/session";
import type { ImageDto } from "@/lib/schemas/images";
import { ifNoneMatchHits } from "@/lib/api/http-cache";
import { deleteThumbnails, thumbnailBytes, thumbnailEtag, type ThumbnailWidth } from "./image-thumbnails";
import { deletePrintRenditions } from "./print-renditions";

/** What is needed to answer an image request before (and without) reading its bytes. */
export interface ServableImage {
  id: number;
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
  /** Catalogue images are public and cached for a year; everything else is private to its owner. */
  isPublic: boolean;
  /** Strong validator: the storage key is server-generated and never reused for other bytes. */
  etag: string;
}

/** The URL of an image; an anonymous visitor's image carries its own access key (and only that image's). */
export function imageUrl(id: number, accessKey?: string | null): string {
  return accessKey ? `/api/images/${id}?key=${accessKey}` : `/api/images/${id}`;
}

/** The URL to hand out for a stored row: with its key only when nobody owns it (an anonymous visitor's image). */
export function imageUrlOf(row: Pick<Image, "id" | "ownerId" | "accessKey">): string {
  return imageUrl(row.id, row.ownerId === null ? row.accessKey : null);
}

function newAccessKey(): string {
  return randomBytes(32).toString("base64url");
}

function keyMatches(expected: string | null, given: string | null | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function toImageDto(row: Image): ImageDto {
  return {
    id: row.id,
    type: row.type,
    url: imageUrlOf(row),
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

const STORAGE_PREFIX: Record<ImageType, string> = {
  UPLOADED: "uploads",
  GENERATED: "generated",
  EDITED: "edited",
  CATALOGUE: "catalogue",
};

export interface StoreImageMeta {
  type: ImageType;
  /**
   * The owner; null for catalogue images and for an anonymous visitor's images. An anonymous
   * visitor's image gets its own random access key here: a key opens exactly one image, so the link
   * to a generated image never opens the photo it was made from.
   */
  ownerId: number | null;
  crop?: Crop | null;
  promptId?: number | null;
  sourceImageId?: number | null;
  generationId?: number | null;
}

export interface StoreImageInput extends StoreImageMeta {
  bytes: Buffer;
  use: ImageUse;
  format: OutputFormat;
  maxDimension?: number;
}

export type StoredImage = Image & { /** The bytes as stored. */ data: Buffer };

/** Takes in (see intakeImage) and stores an image. */
export async function storeImage(input: StoreImageInput, tx?: Tx): Promise<StoredImage> {
  const processed = await intakeImage(input.bytes, {
    use: input.use,
    crop: input.crop,
    format: input.format,
    maxDimension: input.maxDimension,
  });
  return storeProcessedImage(processed, input, tx);
}

/**
 * Stores an image that has been through intakeImage: the file is written under a server-generated
 * key first, then the row; if the row cannot be written the file is removed again, so no row points
 * at a missing file and no file is left without a row.
 */
export async function storeProcessedImage(processed: ProcessedImage, meta: StoreImageMeta, tx?: Tx): Promise<StoredImage> {
  const key = newStorageKey(STORAGE_PREFIX[meta.type], processed.extension);
  const storage = getStorage();
  await storage.put(key, processed.data, processed.mimeType);
  try {
    const db = tx ?? (await getDb());
    const [row] = await db
      .insert(images)
      .values({
        ownerId: meta.type === "CATALOGUE" ? null : meta.ownerId,
        accessKey: meta.type === "CATALOGUE" || meta.ownerId !== null ? null : newAccessKey(),
        type: meta.type,
        storageKey: key,
        mimeType: processed.mimeType,
        width: processed.width,
        height: processed.height,
        sizeBytes: processed.data.length,
        cropX: meta.crop?.x ?? null,
        cropY: meta.crop?.y ?? null,
        cropWidth: meta.crop?.width ?? null,
        cropHeight: meta.crop?.height ?? null,
        promptId: meta.promptId ?? null,
        sourceImageId: meta.sourceImageId ?? null,
        generationId: meta.generationId ?? null,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return { ...row, data: processed.data };
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
}

async function findImage(imageId: number): Promise<Image | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(images).where(eq(images.id, imageId));
  return row;
}

function servable(row: Image): ServableImage {
  return {
    id: row.id,
    storageKey: row.storageKey,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    isPublic: row.type === "CATALOGUE",
    etag: `"${row.storageKey}"`,
  };
}

/** May this caller see the image? Catalogue: anyone. Otherwise its owner, an admin, or whoever holds this image's own access key. */
export function canView(row: Pick<Image, "type" | "ownerId" | "accessKey">, session: Session | null, key?: string | null): boolean {
  if (row.type === "CATALOGUE") return true;
  if (keyMatches(row.accessKey, key)) return true;
  if (!session) return false;
  return (row.ownerId !== null && row.ownerId === session.user.id) || session.roles.includes("admin");
}

/** An image the caller may see; someone else's image answers 404, exactly like an unknown id. */
export async function getViewableImageOrThrow(imageId: number, session: Session | null, key?: string | null): Promise<ServableImage> {
  const row = await findImage(imageId);
  if (!row || !canView(row, session, key)) throw notFound();
  return servable(row);
}

/** The image row if the caller owns it (admins too); else 404. */
export async function getOwnedImageOrThrow(imageId: number, session: Session): Promise<Image> {
  const row = await findImage(imageId);
  if (!row || row.type === "CATALOGUE" || !canView(row, session)) throw notFound();
  return row;
}

/** A catalogue image (kept for callers that only serve public images). */
export async function getCatalogueImageOrThrow(imageId: number): Promise<ServableImage> {
  const row = await findImage(imageId);
  if (!row || row.type !== "CATALOGUE") throw notFound();
  return servable(row);
}

/** The stored bytes; a row whose file is missing answers 404 (and is logged), never 500. */
export async function readImageBytesOrThrow(image: Pick<ServableImage, "id" | "storageKey">): Promise<Buffer> {
  const bytes = await getStorage().get(image.storageKey);
  if (!bytes) {
    logger.warn("image file missing in storage", { imageId: image.id, storageKey: image.storageKey });
    throw notFound();
  }
  return bytes;
}

/**
 * Deletes an image (row, then file; a leftover file is harmless, a row without its file is not).
 * An image used by an order line is kept (409): the order must keep its design. `where` narrows
 * which rows may be deleted (e.g. only the caller's own); the check and the delete are one statement.
 * Returns false when no row matched `where` (unknown or not the caller's).
 */
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

/**
 * Deletes image rows inside the caller's transaction (erasing an account, retention) and answers
 * their storage keys: the caller passes them to deleteImageFiles after the commit, so no file goes
 * while the rows could still roll back and no storage call runs inside the transaction. `where`
 * narrows further (e.g. not used by a cart or order). Order lines, cart lines and generations that
 * point at a deleted image lose the reference (ON DELETE SET NULL).
 */
export async function deleteImageRows(tx: Tx, imageIds: readonly number[], where?: SQL): Promise<string[]> {
  if (!imageIds.length) return [];
  const deleted = await tx
    .delete(images)
    .where(and(inArray(images.id, [...imageIds]), ne(images.type, "CATALOGUE"), where))
    .returning({ storageKey: images.storageKey });
  return deleted.map((d) => d.storageKey);
}

/** Removes the files of deleted images: the original, its thumbnails and print renditions. Failures only log (a leftover file is harmless). */
export async function deleteImageFiles(storageKeys: readonly string[]): Promise<void> {
  const storage = getStorage();
  for (const key of storageKeys) {
    await Promise.all([
      storage.delete(key).catch((err: unknown) => logger.warn("could not delete image file", { storageKey: key, err })),
      deletePrintRenditions(key).catch((err: unknown) => logger.warn("could not delete print renditions", { storageKey: key, err })),
      deleteThumbnails(key),
    ]);
  }
}

/** Deletes images from the database (one transaction) and then from storage; answers how many rows went. */
export async function deleteImages(imageIds: readonly number[], where?: SQL): Promise<number> {
  const db = await getDb();
  const keys = await db.transaction((tx) => deleteImageRows(tx, imageIds, where));
  await deleteImageFiles(keys);
  return keys.length;
}

/**
 * The HTTP answer for an image: public catalogue images cached for a year, private ones never shared.
 * `width`: a WebP thumbnail that wide (made once, kept in storage) instead of the original.
 */
export async function imageResponseFor(
  image: ServableImage,
  ifNoneMatch: string | null,
  download?: string,
  width?: ThumbnailWidth,
): Promise<Response> {
  const etag = width === undefined || download ? image.etag : thumbnailEtag(image.storageKey, width);
  const headers = new Headers({
    "cache-control": image.isPublic ? "public, max-age=31536000, immutable" : "private, max-age=3600",
    etag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  });
  if (!image.isPublic) headers.set("vary", "Cookie");
  if (download) headers.set("content-disposition", `attachment; filename="${download}"`);
  if (!download && ifNoneMatchHits(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  if (width !== undefined && !download) {
    const thumbnail = await thumbnailBytes(image.storageKey, width, () => readImageBytesOrThrow(image));
    headers.set("content-type", "image/webp");
    headers.set("content-length", String(thumbnail.length));
    return new Response(new Uint8Array(thumbnail), { status: 200, headers });
  }
  const bytes = await readImageBytesOrThrow(image);
  headers.set("content-type", image.mimeType);
  headers.set("content-length", String(bytes.length));
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}
