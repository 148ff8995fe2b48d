import "server-only";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orderAddresses, orders } from "@/db/schema";
import { berlinDayStart, berlinYear } from "@/lib/domain/berlin-time";
import { OSS_THRESHOLD_CENTS, OTHER_EU_COUNTRIES, ossThresholdLevel } from "@/lib/domain/destination-tax";
import type { OssThreshold } from "@/lib/schemas/dashboard";
import { getTaxSettings } from "../tax-settings";
import { refundedCentsSql } from "../orders/core/money";

/** Net of paid orders shipped to another member state, refunds taken off at the order's net share. */
export async function ossThreshold(db: Db, now = new Date()): Promise<OssThreshold> {
  const year = Number(berlinYear(now));
  const yearOf = sql<number>`extract(year from ${orders.paidAt} at time zone 'Europe/Berlin')::int`;
  const net = sql`(${orders.totalCents} - ${orders.taxCents})::bigint`;
  const [rows, settings] = await Promise.all([
    db
      .select({
        year: yearOf,
        netCents: sql<number>`coalesce(sum(${net} - ${refundedCentsSql} * ${net} / nullif(${orders.totalCents}, 0)), 0)::bigint`,
      })
      .from(orders)
      .innerJoin(orderAddresses, and(eq(orderAddresses.orderId, orders.id), eq(orderAddresses.kind, "shipping")))
      .where(
        and(
          gte(orders.paidAt, berlinDayStart(`${year - 1}-01-01`)),
          lt(orders.paidAt, berlinDayStart(`${year + 1}-01-01`)),
          inArray(orderAddresses.countryCode, [...OTHER_EU_COUNTRIES]),
        ),
      )
      .groupBy(yearOf),
    getTaxSettings(db),
  ]);
  const netOf = (y: number) => Number(rows.find((r) => Number(r.year) === y)?.netCents ?? 0);
  const thisYearNetCents = netOf(year);
  const lastYearNetCents = netOf(year - 1);
  return {
    ossEnabled: settings.ossEnabled,
    thresholdCents: OSS_THRESHOLD_CENTS,
    thisYearNetCents,
    lastYearNetCents,
    level: ossThresholdLevel(thisYearNetCents, lastYearNetCents),
  };
}
