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
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { orderEvents, payments, refunds, type Invoice, type Order, type Payment, type Refund } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { formatEuro } from "@/lib/format";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import { queueMail } from "@/lib/integrations/mail";
import { PaymentProviderError, type ProviderRefund } from "@/lib/integrations/payments/types";
import { issueCreditNote } from "../invoices/issue";
import type { Effects } from "./effects";
import { recordEvent, type Actor } from "./events";
import { lockedPayments, lockOrder } from "./locks";
import { refundedMail } from "./order-mails";
import { providerForPayment } from "./payment-provider";
import { canMovePayment } from "./payment-state";
import { inTransaction } from "./unit-of-work";

export interface RefundOptions {
  /** Cents; omitted = everything paid and not yet refunded (or pending). */
  amountCents?: number;
  /** Stored with the refund and shown in the timeline (and, for an admin's refund, in the customer's mail). */
  reason: string;
  by: Actor;
  /** Ours: a repeated call with the same key refunds once (the provider gets it too). */
  idempotencyKey?: string;
  /** Language of the amount in the refundTooLarge message. */
  locale?: Locale;
  /** false: no "refunded" mail (the cancellation sends one mail that says it all). Default true. */
  notify?: boolean;
}

export interface RefundOutcome {
  /** The refunds rows of this call, as they ended (succeeded, or pending at the provider). */
  refunds: Refund[];
  /** Credit notes issued for them (none for the refund of a duplicate payment, which was never invoiced). */
  creditNotes: Invoice[];
  /** Cents booked as refunded by this call. */
  refundedCents: number;
}

/** What is left to refund: per succeeded payment amount − refunded − pending refunds, and the sum. */
export interface MoneyLeft {
  payments: Payment[];
  left: Map<number, number>;
  totalCents: number;
}

/**
 * Locks the order's payments (the caller locked the order first) and says what can still be refunded.
 * Only "succeeded" payments hold money: "refunded" is final.
 */
export async function moneyLeft(tx: Tx, orderId: string): Promise<MoneyLeft> {
  const rows = await lockedPayments(tx, orderId);
  const pending = await tx
    .select({ paymentId: refunds.paymentId, cents: sql<number>`sum(${refunds.amountCents})::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")))
    .groupBy(refunds.paymentId);
  const left = new Map<number, number>();
  for (const p of rows) {
    if (p.status !== "succeeded") continue;
    const inFlight = Number(pending.find((r) => r.paymentId === p.id)?.cents ?? 0);
    left.set(p.id, Math.max(0, p.amountCents - p.refundedCents - inFlight));
  }
  return { payments: rows, left, totalCents: [...left.values()].reduce((a, b) => a + b, 0) };
}

/** Payments the timeline marks as a second success ("duplicate_payment"): never invoiced, so refunded without a credit note. */
async function duplicatePaymentIds(tx: Tx, orderId: string): Promise<Set<number>> {
  const rows = await tx
    .select({ data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "duplicate_payment")));
  return new Set(rows.map((r) => Number(r.data?.paymentId)).filter(Number.isInteger));
}

interface Piece {
  refund: Refund;
  payment: Payment;
  /** Sent before (its answer may have been lost): looked up at the provider first. */
  resend?: boolean;
}

interface ReserveInput extends RefundOptions {
  orderId: string;
  /** Only this payment (refundPayment); otherwise the order's payments, invoiced ones first. */
  paymentId?: number;
  /** Checked with the order locked, before anything is written (cancel: the order must still be cancellable). */
  guard?: (order: Order) => void;
}

/** tx1: validates the amount and inserts the pending refunds rows (or finds those of a replayed key). */
async function reserve(input: ReserveInput): Promise<Piece[]> {
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw notFound();
    input.guard?.(order);
    const money = await moneyLeft(tx, order.id);
    const byId = new Map(money.payments.map((p) => [p.id, p]));
    if (input.idempotencyKey) {
      const key = input.idempotencyKey;
      const known = await tx
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.orderId, order.id),
            sql`(${refunds.idempotencyKey} = ${key} OR ${refunds.idempotencyKey} LIKE ${`${key}:payment:%`})`,
          ),
        )
        .orderBy(asc(refunds.id));
      if (known.length > 0) return known.map((refund) => ({ refund, payment: byId.get(refund.paymentId) as Payment, resend: true }));
    }
    const duplicates = await duplicatePaymentIds(tx, order.id);
    const candidates = money.payments
      .filter((p) => (input.paymentId === undefined || p.id === input.paymentId) && (money.left.get(p.id) ?? 0) > 0)
      .sort((a, b) => Number(duplicates.has(a.id)) - Number(duplicates.has(b.id)) || a.id - b.id);
    const available = candidates.reduce((sum, p) => sum + (money.left.get(p.id) ?? 0), 0);
    if (available === 0) throw new ApiError(409, "errors.nothingToRefund");
    const amount = input.amountCents ?? available;
    if (amount > available)
      throw new ApiError(422, "errors.refundTooLarge", undefined, { max: formatEuro(available, input.locale ?? DEFAULT_LOCALE) });

    const shares: { payment: Payment; cents: number }[] = [];
    let rest = amount;
    for (const payment of candidates) {
      const cents = Math.min(rest, money.left.get(payment.id) ?? 0);
      if (cents > 0) shares.push({ payment, cents });
      rest -= cents;
    }
    // A payment made with a provider that is not configured any more cannot be refunded (503), before anything is written.
    for (const s of shares) providerForPayment(s.payment);
    const pieces: Piece[] = [];
    for (const { payment, cents } of shares) {
      const key = input.idempotencyKey
        ? shares.length === 1
          ? input.idempotencyKey
          : `${input.idempotencyKey}:payment:${payment.id}`
        : `tmp:${randomUUID()}`;
      const [inserted] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          paymentId: payment.id,
          amountCents: cents,
          reason: input.reason,
          status: "pending",
          idempotencyKey: key,
          source: input.by.actor,
          createdBy: input.by.userId ?? null,
        })
        .returning();
      if (!inserted) throw new Error("refunds insert returned no row");
      let refund = inserted;
      if (!input.idempotencyKey) {
        // Readable and unique by construction: order:{orderId}:refund:{refundId}.
        const [renamed] = await tx
          .update(refunds)
          .set({ idempotencyKey: `order:${order.id}:refund:${inserted.id}` })
          .where(eq(refunds.id, inserted.id))
          .returning();
        refund = renamed ?? inserted;
      }
      pieces.push({ refund, payment });
    }
    return pieces;
  });
}

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

export interface BookRefundInput {
  orderId: string;
  paymentId: number;
  /** Cents refunded (for our own row its stored amount is used). */
  amountCents: number;
  /** The provider's refund id (Stripe re_…, sandbox sbx_re_…): one refund is booked once. */
  providerRefundId: string;
  reason: string;
  /** Who gave the money back: admin, customer (cancel), system (duplicate), provider (a refund made at Stripe). */
  source: Actor["actor"];
  actorUserId?: number | null;
  /** Our refunds row when we started the refund; absent when the provider announced one we did not start. */
  refundId?: number;
  /** false: no "refunded" mail (the caller sends its own). Default true. */
  notify?: boolean;
}

export interface BookedRefund {
  /** The booked row; null only when nothing was left to refund and the provider announced a refund we never started. */
  refund: Refund | null;
  /** false: nothing happened (this provider refund was booked before, or nothing was left to refund). */
  booked: boolean;
  creditNote: Invoice | null;
  /** No payment of the order holds money any more (every successful payment is fully refunded). */
  fullyRefunded: boolean;
}

/**
 * Books a refund the provider confirmed, inside the caller's transaction (PGlite: pass tx, never
 * getDb() in here). Locks the order, then the payment. Idempotent per providerRefundId: a webhook
 * announcing a refund that is already booked does nothing (booked: false). Books:
 *   - the refunds row → succeeded (inserted with source and reason when the provider announced a
 *     refund we did not start, e.g. one made in the Stripe dashboard; a pending row of ours with the
 *     same provider id is completed),
 *   - payments.refundedCents += amount; the payment becomes "refunded" once fully refunded,
 *   - the "refunded" timeline event (amounts, ids),
 *   - a credit note for the amount (issueCreditNote; none for a duplicate payment, which had no invoice),
 *   - the "refunded" mail to the customer in the order's language, with the credit note attached.
 * An amount beyond what the payment still holds is cut to what it holds and flagged "amount_mismatch".
 * Changing the order's status (e.g. cancelling after a full refund at Stripe) is the caller's decision:
 * see fullyRefunded.
 * Callers: refundOrder / refundPayment (tx2 after the provider answered "succeeded"), and the Stripe
 * webhook for charge.refunded / refund.updated / a lost dispute (source "provider").
 */
export async function bookSucceededRefund(tx: Tx, input: BookRefundInput, effects: Effects): Promise<BookedRefund> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) throw notFound();
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), eq(payments.orderId, order.id)))
    .for("update");
  if (!payment) throw notFound();
  const [known] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, input.providerRefundId)).for("update");
  const [mine] = input.refundId === undefined ? [] : await tx.select().from(refunds).where(eq(refunds.id, input.refundId)).for("update");
  const fullyRefunded = async () =>
    (await tx.$count(payments, and(eq(payments.orderId, order.id), eq(payments.status, "succeeded")))) === 0;
  if (known && mine && known.id !== mine.id && mine.status === "pending") {
    // The provider's announcement was booked before our own answer was recorded: it is the same
    // money, so our pending row is folded into the booked one (keeping who asked and why).
    await tx.delete(refunds).where(eq(refunds.id, mine.id));
    const [merged] = await tx
      .update(refunds)
      .set({ reason: mine.reason, source: mine.source, createdBy: mine.createdBy })
      .where(eq(refunds.id, known.id))
      .returning();
    return { refund: merged ?? known, booked: false, creditNote: null, fullyRefunded: await fullyRefunded() };
  }
  const ours = known ?? mine;
  if (ours?.status === "succeeded") return { refund: ours, booked: false, creditNote: null, fullyRefunded: await fullyRefunded() };

  const holds = payment.amountCents - payment.refundedCents;
  const wanted = ours?.amountCents ?? input.amountCents;
  const cents = Math.min(wanted, holds);
  const by: Actor = { actor: input.source, userId: input.actorUserId ?? null };
  if (cents !== wanted) {
    logger.error("refund exceeds what the payment holds", {
      paymentId: payment.id,
      wanted,
      holds,
      providerRefundId: input.providerRefundId,
    });
    await recordEvent(tx, {
      orderId: order.id,
      type: "amount_mismatch",
      by,
      note: input.reason,
      data: { paymentId: payment.id, refundCents: wanted, heldCents: holds, providerRefundId: input.providerRefundId },
    });
  }
  if (cents <= 0) return { refund: ours ?? null, booked: false, creditNote: null, fullyRefunded: await fullyRefunded() };

  const values = { status: "succeeded" as const, providerRefundId: input.providerRefundId, amountCents: cents };
  const [refund] = ours
    ? await tx.update(refunds).set(values).where(eq(refunds.id, ours.id)).returning()
    : await tx
        .insert(refunds)
        .values({
          ...values,
          orderId: order.id,
          paymentId: payment.id,
          reason: input.reason,
          idempotencyKey: `provider:${input.providerRefundId}`,
          source: input.source,
          createdBy: input.actorUserId ?? null,
        })
        .returning();
  if (!refund) throw new Error("refund booking returned no row");

  const refundedCents = payment.refundedCents + cents;
  const status = refundedCents >= payment.amountCents && canMovePayment(payment.status, "refunded") ? "refunded" : payment.status;
  await tx.update(payments).set({ refundedCents, status }).where(eq(payments.id, payment.id));
  await recordEvent(tx, {
    orderId: order.id,
    type: "refunded",
    by,
    note: refund.reason,
    data: {
      refundId: refund.id,
      paymentId: payment.id,
      amountCents: cents,
      paymentRefundedCents: refundedCents,
      paymentAmountCents: payment.amountCents,
      providerRefundId: input.providerRefundId,
    },
  });

  const duplicate = (await duplicatePaymentIds(tx, order.id)).has(payment.id);
  const creditNote = duplicate ? null : await issueCreditNote(tx, { orderId: order.id, refundId: refund.id, amountCents: cents }, effects);
  if (input.notify !== false) {
    const mail = await refundedMail(tx, order, {
      amountCents: cents,
      reason: input.source === "admin" ? refund.reason : null,
      duplicate,
      withCreditNote: creditNote !== null,
    });
    effects.mailIds.push(
      await queueMail(tx, {
        ...mail,
        kind: "refunded",
        orderId: order.id,
        attachments: creditNote ? [{ type: "invoice", invoiceId: creditNote.id }] : null,
      }),
    );
  }
  return { refund, booked: true, creditNote, fullyRefunded: await fullyRefunded() };
}
