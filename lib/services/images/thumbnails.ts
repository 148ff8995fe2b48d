import "server-only";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/integrations/storage";

import { THUMBNAIL_WIDTHS, type ThumbnailWidth } from "@/lib/thumbnail-url";

export { THUMBNAIL_WIDTHS, type ThumbnailWidth };

/** Part of the storage key: bump when the processing below changes, so old thumbnails are never served. */
export const THUMBNAIL_VERSION = "v1";

export function thumbnailKey(storageKey: string, width: ThumbnailWidth): string {
  const digest = createHash("sha256").update(storageKey).digest("hex").slice(0, 40);
  return `thumb/${digest}-w${width}-${THUMBNAIL_VERSION}.webp`;
}

export function thumbnailEtag(storageKey: string, width: ThumbnailWidth): string {
  return `"${storageKey}-w${width}-${THUMBNAIL_VERSION}"`;
}

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

export async function deleteThumbnails(storageKey: string): Promise<void> {
  const storage = getStorage();
  await Promise.all(
    THUMBNAIL_WIDTHS.map((width) => {
      const key = thumbnailKey(storageKey, width);
      return storage.delete(key).catch((err: unknown) => logger.warn("could not delete a thumbnail", { key, err }));
    }),
  );
}
