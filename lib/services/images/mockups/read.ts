import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { mugMockups, orderItems, type MugMockup } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/integrations/storage";
import type { Viewer } from "@/lib/request-context/viewer";
import type { FileData } from "@/lib/request-context/file-data";
import type { MockupView } from "@/lib/domain/mug-mockup";
import { NO_MOCKUPS, type MockupUrls } from "@/lib/schemas/mockups";
import { getViewableImageOrThrow } from "../access";
import { thumbnailBytes, thumbnailEtag, type ThumbnailWidth } from "../thumbnails";
import { mockupFileKey } from "./keys";
import { makeMockupsAfterResponse, mockupDue, type MockupPair } from "./make";

type Queryable = Db | Tx;
type MockupRow = Pick<
  MugMockup,
  "id" | "imageId" | "mugVariantId" | "imageStorageKey" | "fingerprint" | "status" | "attempts" | "updatedAt"
>;

const pairKey = (imageId: number, variantId: number) => `${imageId}:${variantId}`;

export const mockupStateColumns = {
  id: mugMockups.id,
  imageStorageKey: mugMockups.imageStorageKey,
  fingerprint: mugMockups.fingerprint,
  status: mugMockups.status,
  attempts: mugMockups.attempts,
  updatedAt: mugMockups.updatedAt,
};
export type MockupState = Pick<MugMockup, "id" | "imageStorageKey" | "fingerprint" | "status" | "attempts" | "updatedAt">;

async function mockupRows(db: Queryable, pairs: readonly MockupPair[]): Promise<Map<string, MockupRow>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .select({
      id: mugMockups.id,
      imageId: mugMockups.imageId,
      mugVariantId: mugMockups.mugVariantId,
      imageStorageKey: mugMockups.imageStorageKey,
      fingerprint: mugMockups.fingerprint,
      status: mugMockups.status,
      attempts: mugMockups.attempts,
      updatedAt: mugMockups.updatedAt,
    })
    .from(mugMockups)
    .where(inArray(mugMockups.imageId, [...new Set(pairs.map((p) => p.imageId))]));
  return new Map(rows.flatMap((r) => (r.imageId !== null && r.mugVariantId !== null ? [[pairKey(r.imageId, r.mugVariantId), r]] : [])));
}

/** The fingerprint is in the URL, so an image made again (new colours) is a new URL for every cache. */
export function mockupUrls(imageId: number, variantId: number, fingerprint: string): MockupUrls {
  const at = (view: MockupView) => `/api/images/${imageId}/mockups/${variantId}/${view}?v=${fingerprint}`;
  return { front: at("front"), left: at("left"), right: at("right") };
}

export function cartLineMockups(
  lines: readonly (MockupPair & { mockup: MockupState | null })[],
  current: (pair: MockupPair) => string | undefined,
): Map<string, MockupUrls> {
  const out = new Map<string, MockupUrls>();
  const due: MockupPair[] = [];
  const now = Date.now();
  for (const line of lines) {
    const pair = { imageId: line.imageId, variantId: line.variantId };
    const key = pairKey(pair.imageId, pair.variantId);
    const row = line.mockup ?? undefined;
    const fingerprint = current(pair);
    if (fingerprint !== undefined && mockupDue(row, fingerprint, now) && !due.some((d) => pairKey(d.imageId, d.variantId) === key))
      due.push(pair);
    const shown = row?.status === "ready" && (fingerprint === undefined || row.fingerprint === fingerprint);
    out.set(key, shown ? mockupUrls(pair.imageId, pair.variantId, row.fingerprint) : NO_MOCKUPS);
  }
  makeMockupsAfterResponse(due);
  return out;
}

export const lineMockups = (map: Map<string, MockupUrls>, imageId: number | null, variantId: number | null): MockupUrls =>
  (imageId !== null && variantId !== null ? map.get(pairKey(imageId, variantId)) : undefined) ?? NO_MOCKUPS;

export async function orderLineMockups(
  db: Queryable,
  items: readonly { id: number; imageId: number | null; mugVariantId: number | null }[],
  urls: (item: { id: number; imageId: number; variantId: number; fingerprint: string }) => MockupUrls = (i) =>
    mockupUrls(i.imageId, i.variantId, i.fingerprint),
): Promise<Map<number, MockupUrls>> {
  const pairs = items.flatMap((i) =>
    i.imageId !== null && i.mugVariantId !== null ? [{ imageId: i.imageId, variantId: i.mugVariantId }] : [],
  );
  const rows = await mockupRows(db, pairs);
  const out = new Map<number, MockupUrls>();
  const missing = new Map<string, MockupPair>();
  for (const item of items) {
    if (item.imageId === null || item.mugVariantId === null) continue;
    const key = pairKey(item.imageId, item.mugVariantId);
    const row = rows.get(key);
    if (!row) missing.set(key, { imageId: item.imageId, variantId: item.mugVariantId });
    if (row?.status === "ready")
      out.set(item.id, urls({ id: item.id, imageId: item.imageId, variantId: item.mugVariantId, fingerprint: row.fingerprint }));
  }
  makeMockupsAfterResponse([...missing.values()]);
  return out;
}

export async function readyMockupRow(db: Queryable, imageId: number, variantId: number): Promise<MockupRow | undefined> {
  const row = (await mockupRows(db, [{ imageId, variantId }])).get(pairKey(imageId, variantId));
  return row?.status === "ready" ? row : undefined;
}

function mockupFileData(row: MockupRow, view: MockupView, width?: ThumbnailWidth): FileData {
  const key = mockupFileKey(row.imageStorageKey, row.id, row.fingerprint, view);
  const read = async () => {
    const bytes = await getStorage().get(key);
    if (!bytes) {
      logger.warn("mockup file missing in storage", { key });
      throw notFound();
    }
    return bytes;
  };
  if (width !== undefined) {
    return { contentType: "image/webp", cache: "private", etag: thumbnailEtag(key, width), body: () => thumbnailBytes(key, width, read) };
  }
  return { contentType: "image/jpeg", cache: "private", etag: `"${key}"`, body: read };
}

/** Whoever may see the design may see its mockups (owner, admin, the design's access key); anybody else 404. */
export async function mockupFile(
  params: { imageId: number; variantId: number; view: MockupView },
  viewer: Viewer | null,
  key?: string | null,
  width?: ThumbnailWidth,
): Promise<FileData> {
  await getViewableImageOrThrow(params.imageId, viewer, key);
  const row = await readyMockupRow(await getDb(), params.imageId, params.variantId);
  if (!row) throw notFound();
  return mockupFileData(row, params.view, width);
}

export async function orderLineMockupFile(orderId: string, itemId: number, view: MockupView): Promise<FileData> {
  const db = await getDb();
  const [item] = await db
    .select({ imageId: orderItems.imageId, variantId: orderItems.mugVariantId })
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  if (!item || item.imageId === null || item.variantId === null) throw notFound();
  const row = await readyMockupRow(db, item.imageId, item.variantId);
  if (!row) throw notFound();
  return mockupFileData(row, view);
}
