import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { images } from "@/db/schema";
import { notFound } from "@/lib/api/errors";
import { logger } from "@/lib/api/logger";
import { getStorage } from "@/lib/integrations/storage";

/** What is needed to answer an image request before (and without) reading its bytes. */
export interface ServableImage {
  id: number;
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
  /** Strong validator: the storage key is server-generated and never reused for other bytes. */
  etag: string;
}

/**
 * A catalogue image (mug variant and prompt examples), readable by anyone. Every other image type
 * answers 404, exactly like an unknown id. (Owners' access to their own images comes with the
 * images issue.)
 */
export async function getCatalogueImageOrThrow(imageId: number): Promise<ServableImage> {
  const db = await getDb();
  const [row] = await db
    .select({ id: images.id, type: images.type, storageKey: images.storageKey, mimeType: images.mimeType, sizeBytes: images.sizeBytes })
    .from(images)
    .where(eq(images.id, imageId));
  if (!row || row.type !== "CATALOGUE") throw notFound();
  return { id: row.id, storageKey: row.storageKey, mimeType: row.mimeType, sizeBytes: row.sizeBytes, etag: `"${row.storageKey}"` };
}

/** The stored bytes; a row whose file is missing answers 404 (and is logged), never 500. */
export async function readImageBytesOrThrow(image: ServableImage): Promise<Buffer> {
  const bytes = await getStorage().get(image.storageKey);
  if (!bytes) {
    logger.warn("image file missing in storage", { imageId: image.id, storageKey: image.storageKey });
    throw notFound();
  }
  return bytes;
}

/** If-None-Match against our ETag: weak comparison (RFC 9110 §13.1.2), "*" matches any. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const ours = opaque(etag);
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || opaque(tag) === ours;
  });
}
