import "server-only";
import { randomBytes } from "node:crypto";
import { getDb, type Tx } from "@/db/client";
import { images, type Image, type ImageType } from "@/db/schema";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import { intakeImage, type Crop, type ImageUse, type OutputFormat, type ProcessedImage } from "@/lib/integrations/images/intake";
import type { ImageDto } from "@/lib/schemas/images";

export function imageUrl(id: number, accessKey?: string | null): string {
  return accessKey ? `/api/images/${id}?key=${accessKey}` : `/api/images/${id}`;
}

export function imageUrlOf(row: Pick<Image, "id" | "ownerId" | "accessKey">): string {
  return imageUrl(row.id, row.ownerId === null ? row.accessKey : null);
}

function newAccessKey(): string {
  return randomBytes(32).toString("base64url");
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
  /** An anonymous visitor's image gets its own access key, so a link to a result never opens the photo it was made from. */
  ownerId: number | null;
  crop?: Crop | null;
  promptId?: number | null;
  sourceImageId?: number | null;
  generationId?: number | null;
  clientNetwork?: string | null;
}

export interface StoreImageInput extends StoreImageMeta {
  bytes: Buffer;
  use: ImageUse;
  format: OutputFormat;
  maxDimension?: number;
}

export type StoredImage = Image & { /** The bytes as stored. */ data: Buffer };

export async function storeImage(input: StoreImageInput, tx?: Tx): Promise<StoredImage> {
  const processed = await intakeImage(input.bytes, {
    use: input.use,
    crop: input.crop,
    format: input.format,
    maxDimension: input.maxDimension,
  });
  return storeProcessedImage(processed, input, tx);
}

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
        clientNetwork: meta.clientNetwork ?? null,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return { ...row, data: processed.data };
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
}
