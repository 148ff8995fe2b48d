import "server-only";
/** Refunds are committed "pending" first, so two racing refunds cannot both pass; then sent, then recorded. */
import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { payments, refunds, type Invoice, type Order, type Refund } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { PaymentProviderError, type ProviderRefund } from "@/lib/integrations/payments/types";
import type { Actor } from "../core/events";
import { lockOrder } from "../core/locks";
import { providerForPayment } from "../core/payment-provider";
import { recordEvent } from "../core/events";
import { inTransaction } from "../core/unit-of-work";
import { bookSucceededRefund } from "./book";
import { reserve, type Piece, type RefundOptions, type RefundOutcome } from "./reserve";

export { bookSucceededRefund, type BookedRefund, type BookRefundInput } from "./book";
export { moneyLeft, type MoneyLeft, type RefundOptions, type RefundOutcome } from "./reserve";

async function markFailed(piece: Piece, by: Actor, error: string): Promise<Refund> {
  return inTransaction(async (tx) => {
    await lockOrder(tx, piece.refund.orderId);
    const [row] = await tx
      .update(refunds)
      .set({ status: "failed" })
      .where(and(eq(refunds.id, piece.refund.id), eq(refunds.status, "pending")))
      .returning();
    if (!row) return piece.refund; // booked meanwhile (the provider's announcement came first)
    await recordEvent(tx, {
      orderId: row.orderId,
      type: "refund_failed",
      by,
      note: row.reason,
      data: { refundId: row.id, paymentId: row.paymentId, amountCents: row.amountCents, error: error.slice(0, 500) },
    });
    return row;
  });
}

type Executed = { refund: Refund; creditNote: Invoice | null; failed: boolean; unsettled?: boolean };

async function execute(piece: Piece, opts: RefundOptions): Promise<Executed> {
  const { refund, payment } = piece;
  if (refund.status !== "pending" || refund.providerRefundId) return { refund, creditNote: null, failed: false };
  let answer: ProviderRefund;
  try {
    if (!payment.providerPaymentId) throw new Error("the payment has no provider id");
    const provider = providerForPayment(payment);
    const found = piece.resend && provider.findRefund ? await provider.findRefund(payment.providerPaymentId, refund.id) : null;
    answer = found ?? (await provider.refund(payment.providerPaymentId, refund.idempotencyKey, refund.amountCents, refund.id));
  } catch (err) {
    if (err instanceof PaymentProviderError && !err.definitive) {
      // The provider may have acted: the row stays pending (it holds the money) until it is asked again.
      logger.warn("refund outcome unknown, kept pending", { refundId: refund.id, paymentId: payment.id, err });
      return { refund, creditNote: null, failed: false, unsettled: true };
    }
    logger.error("refund at the provider failed", { refundId: refund.id, paymentId: payment.id, err });
    return { refund: await markFailed(piece, opts.by, err instanceof Error ? err.message : String(err)), creditNote: null, failed: true };
  }
  if (answer.status === "failed")
    return {
      refund: await markFailed(piece, opts.by, `the provider refused the refund ${answer.refundId}`),
      creditNote: null,
      failed: true,
    };
  if (answer.status === "pending") {
    const [row] = await (
      await getDb()
    )
      .update(refunds)
      .set({ providerRefundId: answer.refundId })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
      .returning();
    return { refund: row ?? refund, creditNote: null, failed: false };
  }
  return inTransaction(async (tx, effects) => {
    const booked = await bookSucceededRefund(
      tx,
      {
        orderId: refund.orderId,
        paymentId: payment.id,
        amountCents: refund.amountCents,
        providerRefundId: answer.refundId,
        reason: refund.reason,
        source: opts.by.actor,
        actorUserId: opts.by.userId ?? null,
        refundId: refund.id,
        notify: opts.notify,
      },
      effects,
    );
    return { refund: booked.refund ?? refund, creditNote: booked.creditNote, failed: false };
  });
}

async function executeAll(pieces: Piece[], opts: RefundOptions): Promise<RefundOutcome> {
  const outcome: RefundOutcome = { refunds: [], creditNotes: [], refundedCents: 0 };
  let failed = false;
  let unsettled = false;
  for (const piece of pieces) {
    if (failed) {
      await markFailed(piece, opts.by, "not sent: an earlier part of this refund failed");
      continue;
    }
    const result = await execute(piece, opts);
    failed = result.failed;
    unsettled ||= result.unsettled === true;
    outcome.refunds.push(result.refund);
    if (result.creditNote) outcome.creditNotes.push(result.creditNote);
    if (result.refund.status === "succeeded" && piece.refund.status === "pending") outcome.refundedCents += result.refund.amountCents;
  }
  if (failed || unsettled) throw new ApiError(502, "errors.paymentProviderFailed");
  return outcome;
}

const PENDING_BATCH = 50;

export async function finishPendingRefunds(
  scope: { orderId?: string; notify?: boolean } = {},
): Promise<{ settled: number; unsettled: boolean }> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(eq(refunds.status, "pending"), isNull(refunds.providerRefundId), scope.orderId ? eq(refunds.orderId, scope.orderId) : undefined),
    )
    .orderBy(asc(refunds.id))
    .limit(PENDING_BATCH);
  let settled = 0;
  let unsettled = false;
  for (const { refunds: refund, payments: payment } of rows) {
    const by: Actor = { actor: refund.source, userId: refund.createdBy };
    try {
      const result = await execute({ refund, payment, resend: true }, { reason: refund.reason, by, notify: scope.notify });
      if (result.unsettled) unsettled = true;
      else settled++;
    } catch (err) {
      unsettled = true;
      logger.warn("pending refund not settled this time", { refundId: refund.id, err });
    }
  }
  return { settled, unsettled };
}

export async function refundOrder(orderId: string, opts: RefundOptions & { guard?: (order: Order) => void }): Promise<RefundOutcome> {
  // A refund of the order whose answer was lost is settled first: it may have moved the money already.
  if ((await finishPendingRefunds({ orderId, notify: opts.notify })).unsettled) throw new ApiError(502, "errors.paymentProviderFailed");
  return executeAll(await reserve({ ...opts, orderId }), opts);
}

export async function refundPayment(
  paymentId: number,
  opts: { amountCents?: number; reason: string; by: Actor; idempotencyKey?: string },
): Promise<Refund | null> {
  const [payment] = await (await getDb()).select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
  if (!payment) return null;
  let pieces: Piece[];
  try {
    pieces = await reserve({ ...opts, orderId: payment.orderId, paymentId });
  } catch (err) {
    if (err instanceof ApiError && err.key === "errors.nothingToRefund") return null;
    throw err;
  }
  return (await executeAll(pieces, opts)).refunds[0] ?? null;
}
