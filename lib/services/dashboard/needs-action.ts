import "server-only";
import type { NeedsAction, NeedsActionKind } from "@/lib/schemas/dashboard";
import { and, asc, eq, gt, gte, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orderEvents, orders, outgoingMail, refunds } from "@/db/schema";

/** Processing longer than this needs a look (production normally takes a day or two). */
export const PROCESSING_DAYS = 3;
const SHOWN = 5;

type OrderCase = { id: string; orderNumber: string; at: Date };

function summary(kind: NeedsActionKind, count: number, cases: OrderCase[], href: string): NeedsAction {
  return {
    kind,
    count,
    oldestAt: cases[0]?.at.toISOString() ?? null,
    orders: cases.slice(0, SHOWN).map((c) => ({ id: c.id, orderNumber: c.orderNumber })),
    href,
  };
}

async function ordersWhere(db: Db, where: ReturnType<typeof and>, at: typeof orders.createdAt | typeof orders.processedAt) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const cases = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, at: sql<Date>`${at}`.mapWith(orders.createdAt) })
    .from(orders)
    .where(where)
    .orderBy(asc(at))
    .limit(SHOWN);
  return { count: Number(count), cases };
}

/** Events of one type not followed by a later event of `closedBy` on the same order (or any, when null), newest 90 days for mismatches. */
async function eventCases(db: Db, type: "dispute_opened" | "amount_mismatch", closedBy: "dispute_closed" | null, since: Date | null) {
  const open = closedBy
    ? sql`not exists (select 1 from order_events later where later.order_id = ${orderEvents.orderId} and later.type = ${closedBy} and later.id > ${orderEvents.id})`
    : undefined;
  const where = and(eq(orderEvents.type, type), open, since ? gte(orderEvents.createdAt, since) : undefined);
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, at: orderEvents.createdAt })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(where)
    .orderBy(asc(orderEvents.createdAt));
  return { count: rows.length, cases: rows };
}

export async function needsAction(db: Db, now = new Date()): Promise<NeedsAction[]> {
  const processingSince = new Date(now.getTime() - PROCESSING_DAYS * 86_400_000);
  const failedRefunds = db
    .select({ id: orders.id, orderNumber: orders.orderNumber, at: refunds.createdAt })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.status, "failed"),
        sql`not exists (select 1 from refunds retried where retried.order_id = ${refunds.orderId} and retried.status = 'succeeded' and retried.id > ${refunds.id})`,
      ),
    )
    .orderBy(asc(refunds.createdAt));
  const failingMail = db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${outgoingMail.createdAt})`.mapWith(outgoingMail.createdAt) })
    .from(outgoingMail)
    .where(and(eq(outgoingMail.status, "failed"), gt(outgoingMail.attempts, 0)));
  const [unprocessed, long, refundCases, disputes, mismatches, [mail]] = await Promise.all([
    ordersWhere(db, and(eq(orders.status, "processing"), isNull(orders.processedAt)), orders.createdAt),
    ordersWhere(db, and(eq(orders.status, "processing"), lt(orders.processedAt, processingSince)), orders.processedAt),
    failedRefunds,
    eventCases(db, "dispute_opened", "dispute_closed", null),
    eventCases(db, "amount_mismatch", null, new Date(now.getTime() - 90 * 86_400_000)),
    failingMail,
  ]);

  const orderList = (id?: string) => (id ? `/admin/orders/${id}` : "/admin/orders?status=all");
  const one = (cases: OrderCase[], count: number) => (count === 1 ? orderList(cases[0]?.id) : "/admin/orders?status=all");
  return [
    summary("unprocessed", unprocessed.count, unprocessed.cases, "/admin/orders?status=open"),
    summary("processingLong", long.count, long.cases, "/admin/orders?status=open"),
    summary("failedRefunds", refundCases.length, refundCases, one(refundCases, refundCases.length)),
    summary("openDisputes", disputes.count, disputes.cases, one(disputes.cases, disputes.count)),
    summary("amountMismatches", mismatches.count, mismatches.cases, one(mismatches.cases, mismatches.count)),
    {
      kind: "failingMails",
      count: Number(mail?.count ?? 0),
      oldestAt: mail?.oldest ? new Date(mail.oldest).toISOString() : null,
      orders: [],
      href: "/admin/mail?status=failed",
    },
  ];
}
