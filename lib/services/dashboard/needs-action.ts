import "server-only";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { NeedsAction, NeedsActionKind } from "@/lib/schemas/dashboard";
import type { Db } from "@/db/client";
import { orderEvents, orders, orphanPayments, outgoingMail, refunds } from "@/db/schema";
import type { OrderAttention } from "@/lib/schemas/admin-orders";
import { attentionWhere } from "../orders/admin/filters";
import { waitingForInvoice } from "../orders/invoicing/waiting";
import { orphanColumns, orphanNeedsAction } from "../orders/orphan-payments";

const SHOWN = 5;

const CASES: {
  kind: Exclude<NeedsActionKind, "failingMails" | "invoicesWaiting" | "orphanPayments">;
  attention: OrderAttention;
  list: string;
  since: (db: Db) => unknown;
}[] = [
  { kind: "unprocessed", attention: "unprocessed", list: "/admin/orders", since: () => orders.paidAt },
  { kind: "processingLong", attention: "stale", list: "/admin/orders", since: () => orders.processedAt },
  {
    kind: "failedRefunds",
    attention: "refundFailed",
    list: "/admin/orders/history?status=all",
    since: () => sql`(select min(r.created_at) from ${refunds} r where r.order_id = ${orders.id} and r.status = 'failed')`,
  },
  {
    kind: "openDisputes",
    attention: "disputed",
    list: "/admin/orders/history?status=all",
    since: () => sql`(select min(e.created_at) from ${orderEvents} e where e.order_id = ${orders.id} and e.type = 'dispute_opened')`,
  },
  {
    kind: "amountMismatches",
    attention: "amountMismatch",
    list: "/admin/orders/history?status=all",
    since: () => sql`(select min(e.created_at) from ${orderEvents} e where e.order_id = ${orders.id} and e.type = 'amount_mismatch')`,
  },
];

async function orderCase(db: Db, c: (typeof CASES)[number], now: Date): Promise<NeedsAction> {
  const where = attentionWhere(c.attention, now);
  const since = sql<Date>`${c.since(db)}`;
  const [counted, cases] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber, at: sql<string>`(${since})::text` })
      .from(orders)
      .where(where)
      .orderBy(asc(since))
      .limit(SHOWN),
  ]);
  const oldest = cases[0]?.at;
  return {
    kind: c.kind,
    count: Number(counted[0]?.count ?? 0),
    oldestAt: oldest ? new Date(oldest).toISOString() : null,
    orders: cases.map((o) => ({ id: o.id, orderNumber: o.orderNumber })),
    href: `${c.list}${c.list.includes("?") ? "&" : "?"}attention=${c.attention}`,
  };
}

export async function needsAction(db: Db, now = new Date()): Promise<NeedsAction[]> {
  const failingMail = db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${outgoingMail.createdAt})::text` })
    .from(outgoingMail)
    .where(and(eq(outgoingMail.status, "failed"), gt(outgoingMail.attempts, 0)));
  const invoicesWaiting = db
    .select({ id: orders.id, orderNumber: orders.orderNumber, paidAt: orders.paidAt })
    .from(orders)
    .where(waitingForInvoice())
    .orderBy(asc(orders.paidAt));
  const orphans = db.select(orphanColumns).from(orphanPayments).where(orphanNeedsAction(now));
  const [mail, waiting, orphaned, ...cases] = await Promise.all([
    failingMail,
    invoicesWaiting,
    orphans,
    ...CASES.map((c) => orderCase(db, c, now)),
  ]);
  const [m] = mail;
  const [o] = orphaned;
  return [
    ...cases,
    {
      kind: "orphanPayments",
      count: Number(o?.count ?? 0),
      oldestAt: o?.oldest ? new Date(o.oldest).toISOString() : null,
      orders: [],
      href: "/admin/orders/history?status=all",
    },
    {
      kind: "failingMails",
      count: Number(m?.count ?? 0),
      oldestAt: m?.oldest ? new Date(m.oldest).toISOString() : null,
      orders: [],
      href: "/admin/mail?status=failed",
    },
    {
      kind: "invoicesWaiting",
      count: waiting.length,
      oldestAt: waiting[0]?.paidAt?.toISOString() ?? null,
      orders: waiting.slice(0, SHOWN).map((o) => ({ id: o.id, orderNumber: o.orderNumber })),
      href: "/admin/settings",
    },
  ];
}
