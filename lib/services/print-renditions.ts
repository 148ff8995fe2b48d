import "server-only";
import { createHash } from "node:crypto";
import { getDb } from "@/db/client";
import { mugDetails } from "@/db/schema";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/integrations/storage";
import { printPixelSize } from "@/lib/domain/print-fit";

/**
 * Version of the print-ready rendition: part of its storage key, so a change to the resize,
 * sharpening or encoding in print.ts (bump it) never serves a rendition made the old way.
 */
export const PRINT_RENDITION_VERSION = "v1";

/**
 * Storage key of an image's print-ready JPEG at a print pixel size: derived from the image's storage
 * key (never reused for other bytes), the pixel size and PRINT_RENDITION_VERSION, so it is found
 * again without any database row. E.g. print/3f…9a-2362x945-v1.jpg.
 */
export function printRenditionKey(storageKey: string, width: number, height: number): string {
  const digest = createHash("sha256").update(storageKey).digest("hex").slice(0, 40);
  return `print/${digest}-${width}x${height}-${PRINT_RENDITION_VERSION}.jpg`;
}

/**
 * Deletes the print renditions of an image that is being deleted: one per print template size of any
 * mug (the pixel size depends on the template only). A rendition made for a template size no mug has
 * any more stays behind; a failed delete only logs.
 */
export async function deletePrintRenditions(storageKey: string): Promise<void> {
  const db = await getDb();
  const templates = await db
    .selectDistinct({ width: mugDetails.printTemplateWidthMm, height: mugDetails.printTemplateHeightMm })
    .from(mugDetails);
  const keys = new Set(
    templates.map((t) => {
      const size = printPixelSize(Number(t.width), Number(t.height));
      return printRenditionKey(storageKey, size.width, size.height);
    }),
  );
  const storage = getStorage();
  await Promise.all(
    [...keys].map((key) => storage.delete(key).catch((err: unknown) => logger.warn("could not delete a print rendition", { key, err }))),
  );
}
