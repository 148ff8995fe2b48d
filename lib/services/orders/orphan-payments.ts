import "server-only";
/** Money for an order dropped while the customer paid: refunded after the commit. */
import { and, asc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { orders, orphanPayments, payments, type Payment } from "@/db/schema";
import { PaymentProviderError } from "@/lib/integrations/payments";
import { logger } from "@/lib/logger";
import type { Effects } from "./core/effects";
import { providerForPayment } from "./core/payment-provider";

export interface OrphanSuccess {
  provider: Payment["provider"];
  providerPaymentId: string;
  amountCents: number;
  currency: string;
  orderId: string | undefined;
  paymentId: string | undefined;
}

/** A payment of another application on the same provider account is never touched. */
export async function recordOrphanSuccess(tx: Tx, success: OrphanSuccess, effects: Effects): Promise<boolean> {
  const paymentId = Number(success.paymentId);
  if (!success.orderId || !/^[0-9a-f-]{36}$/i.test(success.orderId) || !Number.isSafeInteger(paymentId)) return false;
  const known = (await tx.$count(orders, eq(orders.id, success.orderId))) + (await tx.$count(payments, eq(payments.id, paymentId)));
  if (known > 0 || success.amountCents <= 0) return false;
  const [row] = await tx
    .insert(orphanPayments)
    .values({
      provider: success.provider,
      providerPaymentId: success.providerPaymentId,
      amountCents: success.amountCents,
      currency: success.currency,
    })
    .onConflictDoNothing({ target: orphanPayments.providerPaymentId })
    .returning({ id: orphanPayments.id });
  if (row) effects.after.push(() => refundOrphan(row.id));
  return true;
}

/** One idempotency key per orphan, so a retry refunds once. */
export async function refundOrphan(id: number): Promise<void> {
  const db = await getDb();
  const [row] = await db.select().from(orphanPayments).where(eq(orphanPayments.id, id));
  if (!row || row.status === "refunded") return;
  try {
    const provider = providerForPayment(row);
    const refund = await provider.refund(row.providerPaymentId, `orphan:${row.id}:refund`, row.amountCents);
    const done = refund.status === "succeeded";
    await db
      .update(orphanPayments)
      .set({
        status: refund.status === "failed" ? "refund_failed" : done ? "refunded" : "refunding",
        providerRefundId: refund.refundId,
        refundedAt: done ? new Date() : null,
      })
      .where(eq(orphanPayments.id, id));
  } catch (err) {
    logger.error("orphan payment not refunded", { orphanPaymentId: id, err });
    // Only a certain refusal is final; otherwise the scheduled pass asks again with the same key.
    if (err instanceof PaymentProviderError && err.definitive)
      await db.update(orphanPayments).set({ status: "refund_failed" }).where(eq(orphanPayments.id, id));
  }
}

const RETRY_AFTER_MS = 60_000;

export async function retryOrphanRefunds(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ id: orphanPayments.id })
    .from(orphanPayments)
    .where(
      and(
        eq(orphanPayments.status, "refunding"),
        isNull(orphanPayments.providerRefundId),
        lt(orphanPayments.createdAt, new Date(now.getTime() - RETRY_AFTER_MS)),
      ),
    )
    .orderBy(asc(orphanPayments.id))
    .limit(100);
  for (const { id } of due) await refundOrphan(id);
  return due.length;
}

export const ORPHAN_SHOWN_DAYS = 14;

export function orphanNeedsAction(now: Date) {
  const since = new Date(now.getTime() - ORPHAN_SHOWN_DAYS * 86_400_000);
  return or(ne(orphanPayments.status, "refunded"), and(eq(orphanPayments.status, "refunded"), gt(orphanPayments.createdAt, since)));
}

export const orphanColumns = {
  count: sql<number>`count(*)::int`,
  oldest: sql<string | null>`min(${orphanPayments.createdAt})::text`,
};
