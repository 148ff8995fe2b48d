import "server-only";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/integrations/storage";

import { THUMBNAIL_WIDTHS, type ThumbnailWidth } from "@/lib/thumbnail-url";

export { THUMBNAIL_WIDTHS, type ThumbnailWidth };

/** Part of the storage key: bump when the resize or encoding below changes, so old thumbnails are never served. */
export const THUMBNAIL_VERSION = "v1";

/**
 * Storage key of an image's thumbnail: derived from the image's storage key (never reused for other
 * bytes), the width and THUMBNAIL_VERSION, so it is found again without any database row.
 * E.g. thumb/3f…9a-w192-v1.webp.
 */
export function thumbnailKey(storageKey: string, width: ThumbnailWidth): string {
  const digest = createHash("sha256").update(storageKey).digest("hex").slice(0, 40);
  return `thumb/${digest}-w${width}-${THUMBNAIL_VERSION}.webp`;
}

/** The thumbnail's ETag: strong, like the original's, and different per width. */
export function thumbnailEtag(storageKey: string, width: ThumbnailWidth): string {
  return `"${storageKey}-w${width}-${THUMBNAIL_VERSION}"`;
}

/**
 * The thumbnail bytes (WebP, `width` wide at most, never enlarged): made once from the original with
 * sharp and kept in storage, later requests read it from there. `original` reads the full image only
 * when the thumbnail is not stored yet. A failed store only logs (the next request makes it again).
 */
export async function thumbnailBytes(storageKey: string, width: ThumbnailWidth, original: () => Promise<Buffer>): Promise<Buffer> {
  const storage = getStorage();
  const key = thumbnailKey(storageKey, width);
  const stored = await storage.get(key);
  if (stored) return stored;
  const bytes = await sharp(await original())
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  await storage.put(key, bytes, "image/webp").catch((err: unknown) => logger.warn("could not store a thumbnail", { key, err }));
  return bytes;
}

/** Deletes the thumbnails of an image that is being deleted (every width); a failed delete only logs. */
export async function deleteThumbnails(storageKey: string): Promise<void> {
  const storage = getStorage();
  await Promise.all(
    THUMBNAIL_WIDTHS.map((width) => {
      const key = thumbnailKey(storageKey, width);
      return storage.delete(key).catch((err: unknown) => logger.warn("could not delete a thumbnail", { key, err }));
    }),
  );
}
