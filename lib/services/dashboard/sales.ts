import "server-only";
import type { Sales, SalesDay } from "@/lib/schemas/dashboard";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, refunds } from "@/db/schema";
import { daysOf, type Period } from "@/lib/domain/report-period";

const berlinDate = (column: unknown) => sql<string>`to_char((${column} at time zone 'Europe/Berlin')::date, 'YYYY-MM-DD')`;

/** Counted on the day it was paid: refunds are reported on their own day. */
export const paidInPeriod = (p: Period) => and(gte(orders.paidAt, p.start), lt(orders.paidAt, p.end));

export async function sales(db: Db, p: Period): Promise<Sales> {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      grossCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`,
      taxCents: sql<number>`coalesce(sum(${orders.taxCents}), 0)::bigint`,
      discountsCents: sql<number>`coalesce(sum(${orders.discountCents}), 0)::bigint`,
    })
    .from(orders)
    .where(paidInPeriod(p));
  const [refunded] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::bigint` })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, "succeeded"),
        gte(refunds.createdAt, p.start),
        lt(refunds.createdAt, p.end),
        // A duplicate payment's automatic refund gives back money that was never revenue.
        sql`not exists (select 1 from order_events dp where dp.order_id = ${refunds.orderId} and dp.type = 'duplicate_payment'
          and dp.data->>'paymentId' = ${refunds.paymentId}::text)`,
      ),
    );
  const count = Number(row?.orders ?? 0);
  const gross = Number(row?.grossCents ?? 0);
  return {
    revenue: { grossCents: gross, netCents: gross - Number(row?.taxCents ?? 0) },
    orders: count,
    averageOrderCents: count === 0 ? 0 : Math.round(gross / count),
    refundsCents: Number(refunded?.cents ?? 0),
    discountsCents: Number(row?.discountsCents ?? 0),
  };
}

export async function salesSeries(db: Db, p: Period): Promise<SalesDay[]> {
  const day = berlinDate(orders.paidAt);
  const rows = await db
    .select({ date: day, grossCents: sql<number>`sum(${orders.totalCents})::bigint`, orders: sql<number>`count(*)::int` })
    .from(orders)
    .where(paidInPeriod(p))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.date, r]));
  return daysOf(p).map((date) => {
    const r = byDay.get(date);
    return { date, grossCents: Number(r?.grossCents ?? 0), orders: Number(r?.orders ?? 0) };
  });
}

export { berlinDate };
