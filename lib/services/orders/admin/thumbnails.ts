import "server-only";
import { asc, inArray, isNotNull, and } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orderItems } from "@/db/schema";
import { thumbnailUrl } from "@/lib/thumbnail-url";
import { imageUrl } from "@/lib/services/images/store";
import { orderLineMockups } from "@/lib/services/images/mockups";

export async function firstLineThumbnails(db: Db, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const lines = await db
    .selectDistinctOn([orderItems.orderId], {
      id: orderItems.id,
      orderId: orderItems.orderId,
      imageId: orderItems.imageId,
      mugVariantId: orderItems.mugVariantId,
    })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), isNotNull(orderItems.imageId)))
    .orderBy(orderItems.orderId, asc(orderItems.id));
  const mockups = await orderLineMockups(db, lines);
  const out = new Map<string, string>();
  for (const line of lines) {
    const url = mockups.get(line.id)?.front ?? (line.imageId === null ? null : imageUrl(line.imageId));
    if (url) out.set(line.orderId, thumbnailUrl(url, 96));
  }
  return out;
}
