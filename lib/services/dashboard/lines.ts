import "server-only";
import { and, eq, gte, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orderItems, orders } from "@/db/schema";
import type { Period } from "@/lib/domain/report-period";
import { paidInPeriod } from "./sales";

export interface LineGroup {
  promptId: number | null;
  articleId: number | null;
  article: string;
  variant: string | null;
  colour: string | null;
  orderedLines: number;
  paidLines: number;
  paidUnits: number;
  paidCents: number;
  paidNetCents: number;
}

export async function lineGroups(db: Db, p: Period): Promise<LineGroup[]> {
  const placed = and(gte(orders.createdAt, p.start), lt(orders.createdAt, p.end));
  const paid = paidInPeriod(p);
  const after = sql`(${orderItems.totalCents} - ${orderItems.discountCents})`;
  const rows = await db
    .select({
      promptId: orderItems.promptId,
      articleId: orderItems.articleId,
      article: orderItems.articleName,
      variant: orderItems.variantName,
      colour: orderItems.colour,
      orderedLines: sql<number>`(count(*) filter (where ${placed}))::int`,
      paidLines: sql<number>`(count(*) filter (where ${paid}))::int`,
      paidUnits: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${paid}), 0)::int`,
      paidCents: sql<number>`coalesce(sum(${after}) filter (where ${paid}), 0)::bigint`,
      paidNetCents: sql<number>`coalesce(sum(round(${after} * 100.0 / (100 + ${orderItems.vatPercent}))) filter (where ${paid}), 0)::bigint`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(or(placed, paid))
    .groupBy(orderItems.promptId, orderItems.articleId, orderItems.articleName, orderItems.variantName, orderItems.colour);
  return rows.map((r) => ({
    ...r,
    orderedLines: Number(r.orderedLines),
    paidLines: Number(r.paidLines),
    paidUnits: Number(r.paidUnits),
    paidCents: Number(r.paidCents),
    paidNetCents: Number(r.paidNetCents),
  }));
}
