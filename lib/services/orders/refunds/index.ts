import "server-only";
/**
 * Refunds: money given back through the payment adapter, never more than was paid.
 *
 * Commit, call, record — the provider is never called inside an open transaction:
 *   1. tx1 locks the order, then its payments, checks the amount against what is left
 *      (paid − refunded − refunds still pending) and inserts `refunds` rows with status "pending"
 *      (their idempotency key is ours and goes to the provider); commit.
 *   2. provider.refund(…) outside any transaction.
 *   3. tx2 records the answer: succeeded → bookSucceededRefund (payment, timeline, credit note, mail);
 *      pending → the provider's id is kept and its later announcement (Stripe charge.refunded) books it;
 *      refused (PaymentProviderError.definitive) → the row is marked failed with a "refund_failed" event, 502;
 *      no answer (timeout, lost answer, 409, 429, 5xx) → the row stays pending, 502: the provider may
 *      have acted, so the next call for the order and the scheduled pass (finishPendingRefunds) send it
 *      again with the same idempotency key, after looking for it by our refund id in the provider's metadata.
 * A pending row counts against what is left, so two refunds racing for the same money cannot both pass tx1.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { payments, refunds, type Invoice, type Order, type Refund } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { PaymentProviderError, type ProviderRefund } from "@/lib/integrations/payments/types";
import type { Actor } from "../events";
import { lockOrder } from "../locks";
import { providerForPayment } from "../payment-provider";
import { recordEvent } from "../events";
import { inTransaction } from "../unit-of-work";
import { bookSucceededRefund } from "./book";
import { reserve, type Piece, type RefundOptions, type RefundOutcome } from "./reserve";

export { bookSucceededRefund, type BookedRefund, type BookRefundInput } from "./book";
export { moneyLeft, type MoneyLeft, type RefundOptions, type RefundOutcome } from "./reserve";

/** tx2 after a failure (or when an earlier piece failed and this one was never sent): failed + "refund_failed". */
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

/** Step 2 and 3 for one refunds row: call the provider (no transaction open), then record the answer. */
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

/** Runs the pieces one after the other; after a refusal the rest are released (failed, never sent); a refusal or an unknown outcome answers 502. */
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

/** At most this many pending refunds per scheduled pass (a scheduler calls again). */
const PENDING_BATCH = 50;

/**
 * Sends refunds again whose provider answer never came (pending without a provider id): the order's
 * own before a new refund of it, or all of them in the scheduled pass. Each is first looked up by our
 * refund id at the provider, else sent with its own idempotency key, so the money moves once.
 * Answers how many were settled and whether any is still without an answer.
 */
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

/**
 * Refunds an order: everything paid and not yet refunded by default, or amountCents of it (partial).
 * Never more than paid − refunded − refunds pending: 422 errors.refundTooLarge {max}; nothing left:
 * 409 errors.nothingToRefund. The provider failing: the refund is recorded as failed, 502.
 */
export async function refundOrder(orderId: string, opts: RefundOptions & { guard?: (order: Order) => void }): Promise<RefundOutcome> {
  // A refund of the order whose answer was lost is settled first: it may have moved the money already.
  if ((await finishPendingRefunds({ orderId, notify: opts.notify })).unsettled) throw new ApiError(502, "errors.paymentProviderFailed");
  return executeAll(await reserve({ ...opts, orderId }), opts);
}

/**
 * Refunds (all that is left of) one payment: used after the commit for a second successful payment
 * of an order (payment-moves.ts onPaid). Nothing left → null.
 */
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
