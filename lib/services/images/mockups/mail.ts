import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { images, orderItems } from "@/db/schema";
import { getStorage } from "@/lib/integrations/storage";
import { mockupFileKey } from "./keys";
import { readyMockupRow } from "./read";

export interface MailPicture {
  bytes: Buffer;
  contentType: string;
  extension: string;
}

async function lineOf(orderItemId: number) {
  const [item] = await (
    await getDb()
  )
    .select({ imageId: orderItems.imageId, variantId: orderItems.mugVariantId })
    .from(orderItems)
    .where(eq(orderItems.id, orderItemId));
  return item;
}

export async function orderLineMockupBytes(orderItemId: number): Promise<MailPicture | null> {
  const item = await lineOf(orderItemId);
  if (!item || item.imageId === null || item.variantId === null) return null;
  const row = await readyMockupRow(await getDb(), item.imageId, item.variantId);
  const bytes = row ? await getStorage().get(mockupFileKey(row.imageStorageKey, row.id, row.fingerprint, "front")) : null;
  return bytes ? { bytes, contentType: "image/jpeg", extension: "jpg" } : null;
}

export async function orderLinePictureBytes(orderItemId: number): Promise<MailPicture | null> {
  const item = await lineOf(orderItemId);
  if (!item || item.imageId === null) return null;
  const [image] = await (
    await getDb()
  )
    .select({ storageKey: images.storageKey, mimeType: images.mimeType })
    .from(images)
    .where(eq(images.id, item.imageId));
  const bytes = image ? await getStorage().get(image.storageKey) : null;
  return image && bytes ? { bytes, contentType: image.mimeType, extension: image.mimeType.split("/")[1] ?? "img" } : null;
}
