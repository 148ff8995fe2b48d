import "server-only";
/** Payable attempts are cancelled at the provider first, outside any transaction. */
import { and, eq, gte, inArray, lt, notExists, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { orders, payments } from "@/db/schema";
import { logger } from "@/lib/logger";
import { env } from "@/lib/env";
import { cancelAttempt, isOpen } from "./attempts";
import { lockedPayments, lockOrder } from "./core/locks";
import { moveOrder } from "./core/order-moves";
import { applyPaymentState } from "./payment-moves";
import { MONEY_MOVED, unpaidOrderLapsed } from "@/lib/domain/order-flow";
import { inTransaction } from "./core/unit-of-work";

const BATCH = 100;

export interface ExpiryScope {
  userId?: number;
}

function dueWhere(db: Db, cutoff: Date, scope: ExpiryScope): SQL | undefined {
  const recentOrMoneyMoved = db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), or(inArray(payments.status, [...MONEY_MOVED]), gte(payments.createdAt, cutoff))));
  return and(
    eq(orders.status, "pending"),
    lt(orders.updatedAt, cutoff),
    scope.userId === undefined ? undefined : eq(orders.userId, scope.userId),
    notExists(recentOrMoneyMoved),
  );
}

export async function expireUnpaidOrders(now: Date = new Date(), scope: ExpiryScope = {}): Promise<number> {
  const hours = env().UNPAID_ORDER_EXPIRY_HOURS;
  const cutoff = new Date(now.getTime() - hours * 3_600_000);
  const db = await getDb();
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(dueWhere(db, cutoff, scope))
    .orderBy(orders.updatedAt)
    .limit(BATCH);
  let expired = 0;
  for (const { id } of due) {
    try {
      if (await expireOne(id, cutoff, hours)) expired++;
    } catch (err) {
      logger.warn("unpaid order not expired this time", { orderId: id, err });
    }
  }
  return expired;
}

async function expireOne(orderId: string, cutoff: Date, hours: number): Promise<boolean> {
  const db = await getDb();
  const [placed] = await db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, orderId));
  const attempts = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const cancelled = new Map<number, string | null>();
  for (const attempt of attempts.filter(isOpen)) {
    await cancelAttempt(attempt, placed?.locale ?? "de");
    cancelled.set(attempt.id, attempt.providerPaymentId);
  }
  return inTransaction(async (tx, effects) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return false;
    const all = await lockedPayments(tx, orderId);
    if (!unpaidOrderLapsed(order, all, cutoff)) return false;
    if (all.some((p) => isOpen(p) && !(cancelled.has(p.id) && cancelled.get(p.id) === p.providerPaymentId))) return false;
    const ctx = { locale: order.locale, effects, source: "expiry" };
    for (const p of all.filter((x) => x.status === "creating"))
      await applyPaymentState(tx, p, { status: "cancelled", failureReason: null }, ctx);
    await moveOrder(tx, order, {
      action: "cancel",
      by: { actor: "system" },
      paid: false,
      eventType: "expired",
      data: { unpaidHours: hours },
    });
    return true;
  });
}
