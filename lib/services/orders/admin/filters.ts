import "server-only";
import { and, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { orders, type OrderStatus } from "@/db/schema";
import type { AdminOrderFilter } from "@/lib/schemas/admin-orders";
import { likePattern } from "../../list-query";
import { COMPLETED_STATUSES, OPEN_STATUSES } from "../order-state";

const ZONE = "Europe/Berlin";

const STATUSES: Record<AdminOrderFilter, readonly OrderStatus[] | null> = {
  open: OPEN_STATUSES,
  completed: COMPLETED_STATUSES,
  cancelled: ["cancelled"],
  all: null,
};

/** Minutes Europe/Berlin is ahead of UTC at an instant (60 in winter, 120 in summer). */
function berlinOffsetMinutes(at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((local - Math.floor(at / 1000) * 1000) / 60_000);
}

/** The instant a calendar day (yyyy-mm-dd) begins in Europe/Berlin; `plusDays` moves the day first. */
export function berlinDayStart(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + plusDays);
  // Midnight never falls into a DST gap in Berlin (switches are at 02:00/03:00), so two passes settle it.
  let at = wall - berlinOffsetMinutes(wall) * 60_000;
  at = wall - berlinOffsetMinutes(at) * 60_000;
  return new Date(at);
}

/** The calendar day (yyyy-mm-dd) of an instant in Europe/Berlin. */
export function berlinDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

export interface OrderFilter {
  status: AdminOrderFilter;
  q?: string;
  /** yyyy-mm-dd, Europe/Berlin, inclusive */
  from?: string;
  /** yyyy-mm-dd, Europe/Berlin, inclusive (the whole day) */
  to?: string;
}

/** The WHERE clause on orders shared by the admin list, its sums and the CSV export. */
export function orderFilterWhere(filter: OrderFilter): SQL | undefined {
  const statuses = STATUSES[filter.status];
  const pattern = filter.q ? likePattern(filter.q) : null;
  return and(
    statuses ? inArray(orders.status, [...statuses]) : undefined,
    pattern
      ? or(
          ilike(orders.orderNumber, pattern),
          ilike(orders.email, pattern),
          ilike(orders.firstName, pattern),
          ilike(orders.lastName, pattern),
          ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, pattern),
        )
      : undefined,
    filter.from ? gte(orders.createdAt, berlinDayStart(filter.from)) : undefined,
    filter.to ? lt(orders.createdAt, berlinDayStart(filter.to, 1)) : undefined,
  );
}
