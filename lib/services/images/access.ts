import "server-only";
import { timingSafeEqual } from "node:crypto";
import { eq, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { images, orderItems, type Image } from "@/db/schema";
import { can } from "@/lib/domain/permissions";
import { notFound } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/integrations/storage";
import type { Viewer } from "@/lib/request-context/viewer";

export interface ServableImage {
  id: number;
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
  isPublic: boolean;
  etag: string;
}

function keyMatches(expected: string | null, given: string | null | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
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

export function canView(row: Pick<Image, "type" | "ownerId" | "accessKey">, viewer: Viewer | null, key?: string | null): boolean {
  if (row.type === "CATALOGUE") return true;
  if (keyMatches(row.accessKey, key)) return true;
  if (!viewer) return false;
  return (row.ownerId !== null && row.ownerId === viewer.user.id) || viewer.roles.includes("admin");
}

/** Staff working on orders see the pictures of order lines and the photos they were made from, not the rest of a library. */
async function onAnOrder(imageId: number, viewer: Viewer | null): Promise<boolean> {
  if (!viewer || !can(viewer.roles, "orders")) return false;
  const [line] = await (
    await getDb()
  )
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(images, eq(images.id, orderItems.imageId))
    .where(or(eq(images.id, imageId), eq(images.sourceImageId, imageId)))
    .limit(1);
  return !!line;
}

/** Someone else's image answers 404, exactly like an unknown id. */
export async function getViewableImageOrThrow(imageId: number, viewer: Viewer | null, key?: string | null): Promise<ServableImage> {
  const row = await findImage(imageId);
  if (!row || !(canView(row, viewer, key) || (row.type !== "CATALOGUE" && (await onAnOrder(row.id, viewer))))) throw notFound();
  return servable(row);
}

export async function getOwnedImageOrThrow(imageId: number, viewer: Viewer): Promise<Image> {
  const row = await findImage(imageId);
  if (!row || row.type === "CATALOGUE" || !canView(row, viewer)) throw notFound();
  return row;
}

export async function getCatalogueImageOrThrow(imageId: number): Promise<ServableImage> {
  const row = await findImage(imageId);
  if (!row || row.type !== "CATALOGUE") throw notFound();
  return servable(row);
}

/** A row whose file is missing answers 404 (and is logged), never 500. */
export async function readImageBytesOrThrow(image: Pick<ServableImage, "id" | "storageKey">): Promise<Buffer> {
  const bytes = await getStorage().get(image.storageKey);
  if (!bytes) {
    logger.warn("image file missing in storage", { imageId: image.id, storageKey: image.storageKey });
    throw notFound();
  }
  return bytes;
}
