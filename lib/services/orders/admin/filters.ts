import "server-only";
import { and, gte, ilike, inArray, lt, sql, type SQL } from "drizzle-orm";
import { orders, type OrderStatus } from "@/db/schema";
import { berlinDayStart } from "@/lib/domain/berlin-time";
import type { AdminOrderFilter } from "@/lib/schemas/admin-orders";
import { likePattern } from "../../list-query";
import { COMPLETED_STATUSES, OPEN_STATUSES } from "../order-state";

const STATUSES: Record<AdminOrderFilter, readonly OrderStatus[] | null> = {
  open: OPEN_STATUSES,
  completed: COMPLETED_STATUSES,
  cancelled: ["cancelled"],
  all: null,
};

/** Number, email and "first last" in one text: the expression of the trigram index orders_search_trgm (migration 0021). */
const orderSearchText = sql`(${orders.orderNumber} || ' ' || ${orders.email} || ' ' || ${orders.firstName} || ' ' || ${orders.lastName})`;

export interface OrderFilter {
  status: AdminOrderFilter;
  q?: string;
  from?: string;
  /** Inclusive: the whole day. */
  to?: string;
}

/** The WHERE clause on orders shared by the admin list, its sums and the CSV export. */
export function orderFilterWhere(filter: OrderFilter): SQL | undefined {
  const statuses = STATUSES[filter.status];
  const pattern = filter.q ? likePattern(filter.q) : null;
  return and(
    statuses ? inArray(orders.status, [...statuses]) : undefined,
    pattern ? ilike(orderSearchText, pattern) : undefined,
    filter.from ? gte(orders.createdAt, berlinDayStart(filter.from)) : undefined,
    filter.to ? lt(orders.createdAt, berlinDayStart(filter.to, 1)) : undefined,
  );
}
