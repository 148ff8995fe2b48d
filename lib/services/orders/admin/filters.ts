import "server-only";
import { and, gte, ilike, inArray, lt, sql, type SQL } from "drizzle-orm";
import { orders, type OrderStatus } from "@/db/schema";
import { berlinDayStart } from "@/lib/domain/berlin-time";
import { AMOUNT_MISMATCH_RECENT_DAYS, STALE_PROCESSING_DAYS, type AdminOrderFilter, type OrderAttention } from "@/lib/schemas/admin-orders";
import { likePattern } from "../../list-query";
import { COMPLETED_STATUSES, OPEN_STATUSES } from "@/lib/domain/order-flow";

const STATUSES: Record<AdminOrderFilter, readonly OrderStatus[] | null> = {
  open: OPEN_STATUSES,
  pending: ["pending"],
  processing: ["processing"],
  completed: COMPLETED_STATUSES,
  cancelled: ["cancelled"],
  all: null,
};

/** The expression of the trigram index orders_search_trgm. */
const orderSearchText = sql`(${orders.orderNumber} || ' ' || ${orders.email} || ' ' || ${orders.firstName} || ' ' || ${orders.lastName})`;

const DAY_MS = 86_400_000;

/** Shared with the dashboard's counts. A paid order stays pending until the admin starts production. */
export function attentionWhere(kind: OrderAttention, now = new Date()): SQL {
  switch (kind) {
    case "unprocessed":
      return sql`(${orders.status} = 'pending' and ${orders.paidAt} is not null)`;
    case "stale":
      return sql`(${orders.status} = 'processing' and ${orders.processedAt} < ${new Date(now.getTime() - STALE_PROCESSING_DAYS * DAY_MS).toISOString()}::timestamptz)`;
    case "refundFailed":
      return sql`${orders.id} in (select fr.order_id from refunds fr where fr.status = 'failed' and not exists (
        select 1 from refunds nr where nr.order_id = fr.order_id and nr.id > fr.id and nr.status <> 'failed'))`;
    case "disputed":
      return sql`${orders.id} in (select de.order_id from order_events de where de.type = 'dispute_opened' and not exists (
        select 1 from order_events dc where dc.order_id = de.order_id and dc.type = 'dispute_closed' and dc.id > de.id))`;
    case "amountMismatch":
      return sql`${orders.id} in (select me.order_id from order_events me where me.type = 'amount_mismatch'
        and me.created_at >= ${new Date(now.getTime() - AMOUNT_MISMATCH_RECENT_DAYS * DAY_MS).toISOString()}::timestamptz)`;
  }
}

export interface OrderFilter {
  status: AdminOrderFilter;
  attention?: OrderAttention;
  q?: string;
  from?: string;
  to?: string;
}

export function orderFilterWhere(filter: OrderFilter): SQL | undefined {
  const statuses = STATUSES[filter.status];
  const pattern = filter.q ? likePattern(filter.q) : null;
  return and(
    statuses ? inArray(orders.status, [...statuses]) : undefined,
    pattern ? ilike(orderSearchText, pattern) : undefined,
    filter.from ? gte(orders.createdAt, berlinDayStart(filter.from)) : undefined,
    filter.to ? lt(orders.createdAt, berlinDayStart(filter.to, 1)) : undefined,
    filter.attention ? attentionWhere(filter.attention) : undefined,
  );
}
