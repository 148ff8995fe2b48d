import "server-only";
import { createHash } from "node:crypto";
import { getDb } from "@/db/client";
import { mugDetails } from "@/db/schema";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/integrations/storage";
import { printPixelSize } from "@/lib/domain/print-fit";

/** Part of the storage key: bump it when print/renditions.ts changes its output, so no stale rendition is served. */
export const PRINT_RENDITION_VERSION = "v1";

export function printRenditionKey(storageKey: string, width: number, height: number): string {
  const digest = createHash("sha256").update(storageKey).digest("hex").slice(0, 40);
  return `print/${digest}-${width}x${height}-${PRINT_RENDITION_VERSION}.jpg`;
}

export async function deletePrintRenditions(storageKey: string): Promise<void> {
  const keys = new Set((await templatePixelSizes()).map((size) => printRenditionKey(storageKey, size.width, size.height)));
  const storage = getStorage();
  await Promise.all(
    [...keys].map((key) => storage.delete(key).catch((err: unknown) => logger.warn("could not delete a print rendition", { key, err }))),
  );
}

export async function templatePixelSizes(): Promise<{ width: number; height: number }[]> {
  const db = await getDb();
  const templates = await db
    .selectDistinct({ width: mugDetails.printTemplateWidthMm, height: mugDetails.printTemplateHeightMm })
    .from(mugDetails);
  return templates.map((t) => printPixelSize(Number(t.width), Number(t.height)));
}

export async function largestPrintBox(): Promise<{ width: number; height: number }> {
  const sizes = await templatePixelSizes();
  if (sizes.length === 0) return { width: Number.MAX_SAFE_INTEGER, height: Number.MAX_SAFE_INTEGER };
  return { width: Math.max(...sizes.map((s) => s.width)), height: Math.max(...sizes.map((s) => s.height)) };
}
