import "server-only";
/** A mismatch of amount or currency is only flagged. Lock order: the order row first, then its payment. */
import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { payments, refunds, webhookEvents, type Order, type Payment } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { stripeWebhookSecret } from "@/lib/integrations/payments";
import { verifyStripeEvent, type StripeCharge, type StripeEvent } from "@/lib/integrations/payments/stripe";
import type { Effects } from "../core/effects";
import { recordEvent } from "../core/events";
import { lockOrder } from "../core/locks";
import { moveOrder } from "../core/order-moves";
import { recordOrphanSuccess } from "../orphan-payments";
import { OPEN_STATUSES } from "@/lib/domain/order-flow";
import { applyPaymentState } from "../payment-moves";
import { bookSucceededRefund } from "../refunds";
import { inTransaction } from "../core/unit-of-work";
import {
  announcementOf,
  assertNothingBeingRecorded,
  findPayment,
  matches,
  type Announcement,
  type Dispute,
  type Refund,
} from "./announcement";

export type WebhookOutcome = "processed" | "duplicate" | "ignored" | "flagged";

interface Ctx {
  tx: Tx;
  effects: Effects;
  order: Order;
  eventId: string;
}

const source = (c: Ctx) => `stripe:${c.eventId}`;

async function relock(tx: Tx, paymentId: number): Promise<Payment> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!row) throw new Error("payment vanished");
  return row;
}

async function ensureSucceeded(c: Ctx, payment: Payment): Promise<Payment> {
  if (payment.status === "succeeded" || payment.status === "refunded") return payment;
  return applyPaymentState(
    c.tx,
    payment,
    { status: "succeeded", failureReason: null },
    { locale: c.order.locale, effects: c.effects, source: source(c) },
  );
}

async function cancelIfFullyRefunded(c: Ctx, fullyRefunded: boolean, note: string): Promise<void> {
  if (!fullyRefunded) return;
  const order = await lockOrder(c.tx, c.order.id);
  if (!order || !OPEN_STATUSES.includes(order.status)) return;
  await moveOrder(c.tx, order, { action: "cancel", by: { actor: "provider" }, paid: false, note, data: { eventId: c.eventId } });
}

type Book = Parameters<typeof bookSucceededRefund>[1];

async function bookChargeRefunds(c: Ctx, payment: Payment, charge: StripeCharge): Promise<boolean> {
  let left = charge.amount_refunded - payment.refundedCents;
  let fullyRefunded = payment.status === "refunded";
  const book = async (input: Omit<Book, "orderId" | "paymentId" | "source" | "reason">) => {
    const booked = await bookSucceededRefund(
      c.tx,
      { orderId: payment.orderId, paymentId: payment.id, source: "provider", reason: "refunded at Stripe", notify: true, ...input },
      c.effects,
    );
    if (booked.booked && booked.refund) left -= booked.refund.amountCents;
    fullyRefunded = booked.fullyRefunded;
  };
  if (left <= 0) return fullyRefunded;
  const mine = await c.tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, "pending")))
    .orderBy(asc(refunds.id));
  const listed = (charge.refunds?.data ?? []).filter((r) => r.status !== "failed" && r.status !== "canceled");
  if (listed.length > 0) {
    for (const r of listed) {
      if (left <= 0) break;
      // A refund of ours whose answer was lost has no provider id yet: Stripe names our refund id in its metadata.
      const ours =
        mine.find((m) => m.providerRefundId === r.id) ?? mine.find((m) => !m.providerRefundId && r.metadata?.refundId === String(m.id));
      await book({ amountCents: Math.min(r.amount, left), providerRefundId: r.id, refundId: ours?.id });
    }
  } else {
    for (const m of mine) {
      if (m.amountCents > left) continue;
      await book({ amountCents: m.amountCents, providerRefundId: m.providerRefundId ?? `${charge.id}:refund:${m.id}`, refundId: m.id });
    }
  }
  if (left > 0) await book({ amountCents: left, providerRefundId: `${charge.id}:refunded:${charge.amount_refunded}` });
  return fullyRefunded;
}

async function settleOurRefund(c: Ctx, payment: Payment, refund: Refund): Promise<WebhookOutcome> {
  const ourId = Number(refund.metadata?.refundId);
  const byOurId =
    Number.isSafeInteger(ourId) && ourId > 0
      ? and(eq(refunds.id, ourId), eq(refunds.paymentId, payment.id), isNull(refunds.providerRefundId))
      : undefined;
  const [ours] = await c.tx
    .select()
    .from(refunds)
    .where(and(or(eq(refunds.providerRefundId, refund.id), byOurId), eq(refunds.status, "pending")))
    .for("update");
  if (!ours) return "ignored"; // unknown refunds are booked from charge.refunded, which carries the charge's total
  if (refund.status === "succeeded") {
    const booked = await bookSucceededRefund(
      c.tx,
      {
        orderId: payment.orderId,
        paymentId: payment.id,
        amountCents: ours.amountCents,
        providerRefundId: refund.id,
        reason: ours.reason,
        source: ours.source,
        actorUserId: ours.createdBy,
        refundId: ours.id,
      },
      c.effects,
    );
    await cancelIfFullyRefunded(c, booked.fullyRefunded, "refunded at Stripe");
    return "processed";
  }
  if (refund.status !== "failed" && refund.status !== "canceled") return "ignored";
  await c.tx.update(refunds).set({ status: "failed" }).where(eq(refunds.id, ours.id));
  const data = {
    refundId: ours.id,
    paymentId: payment.id,
    amountCents: ours.amountCents,
    providerRefundId: refund.id,
    error: refund.failure_reason ?? refund.status,
  };
  await recordEvent(c.tx, { orderId: payment.orderId, type: "refund_failed", by: { actor: "provider" }, note: ours.reason, data });
  return "processed";
}

async function handleDispute(c: Ctx, payment: Payment, dispute: Dispute, closed: boolean): Promise<WebhookOutcome> {
  const facts = {
    disputeId: dispute.id,
    amountCents: dispute.amount,
    reason: dispute.reason,
    status: dispute.status,
    paymentId: payment.id,
    eventId: c.eventId,
  };
  const by = { actor: "provider" as const };
  if (!closed) {
    await recordEvent(c.tx, { orderId: payment.orderId, type: "dispute_opened", by, note: dispute.reason, data: facts });
    return "processed";
  }
  await recordEvent(c.tx, { orderId: payment.orderId, type: "dispute_closed", by, note: dispute.status, data: facts });
  if (dispute.status !== "lost") return "processed";
  // Lost: the bank took the disputed amount back — booked like a refund (credit note), once per dispute.
  const paid = await relock(c.tx, (await ensureSucceeded(c, payment)).id);
  const booked = await bookSucceededRefund(
    c.tx,
    {
      orderId: paid.orderId,
      paymentId: paid.id,
      amountCents: dispute.amount,
      providerRefundId: dispute.id,
      reason: "dispute lost",
      source: "provider",
    },
    c.effects,
  );
  await cancelIfFullyRefunded(c, booked.fullyRefunded, "dispute lost");
  return "processed";
}

async function apply(c: Ctx, payment: Payment, a: Announcement): Promise<WebhookOutcome> {
  switch (a.kind) {
    case "intent": {
      let row = payment;
      if (row.status === "creating" && row.providerPaymentId === null) {
        const [recorded] = await c.tx
          .update(payments)
          .set({ providerPaymentId: a.intentId, status: "requires_payment" })
          .where(eq(payments.id, row.id))
          .returning();
        row = recorded ?? row;
      }
      await applyPaymentState(c.tx, row, a.state, { locale: c.order.locale, effects: c.effects, source: source(c) });
      return "processed";
    }
    case "charge_refunded": {
      const paid = await relock(c.tx, (await ensureSucceeded(c, payment)).id);
      await cancelIfFullyRefunded(c, await bookChargeRefunds(c, paid, a.charge), "refunded at Stripe");
      return "processed";
    }
    case "refund_updated":
      return settleOurRefund(c, payment, a.refund);
    case "dispute":
      return handleDispute(c, payment, a.dispute, a.closed);
  }
}

/** The event id is recorded with its effect, so a replay has no second effect. */
export async function handleStripeEvent(event: StripeEvent): Promise<WebhookOutcome> {
  return inTransaction(async (tx, effects) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: "stripe", type: event.type, payload: event })
      .onConflictDoNothing({ target: webhookEvents.id })
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return "duplicate";
    const announced = announcementOf(event);
    if (!announced) return "ignored";
    const found = await findPayment(tx, announced);
    if (!found) {
      if (announced.kind === "intent" && announced.state.status === "succeeded") {
        const orphan = {
          provider: "stripe" as const,
          providerPaymentId: announced.intentId,
          amountCents: announced.received || announced.amount,
          currency: announced.currency,
          orderId: announced.metadata.orderId,
          paymentId: announced.metadata.paymentId,
        };
        if (await recordOrphanSuccess(tx, orphan, effects)) {
          logger.error("stripe payment for an order the shop no longer knows: refunded", {
            eventId: event.id,
            intentId: announced.intentId,
          });
          return "flagged";
        }
      }
      if (announced.kind !== "intent") await assertNothingBeingRecorded(tx);
      logger.warn("stripe event for an unknown payment", { eventId: event.id, type: event.type, intentId: announced.intentId });
      return "ignored";
    }
    const order = await lockOrder(tx, found.orderId);
    if (!order) return "ignored";
    const payment = await relock(tx, found.id);
    if (!matches(announced, payment)) {
      const data = {
        eventId: event.id,
        type: event.type,
        paymentId: payment.id,
        amountCents: announced.amount,
        currency: announced.currency,
        expectedAmountCents: payment.amountCents,
        expectedCurrency: payment.currency,
      };
      logger.error("stripe event amount or currency differs from the payment", data);
      await recordEvent(tx, { orderId: order.id, type: "amount_mismatch", by: { actor: "provider" }, note: event.type, data });
      return "flagged";
    }
    return apply({ tx, effects, order, eventId: event.id }, payment, announced);
  });
}

export async function receiveStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  const secret = stripeWebhookSecret();
  if (!secret) throw new ApiError(503, "errors.webhookNotConfigured");
  if (!signature) throw new ApiError(400, "errors.webhookSignatureInvalid");
  let event: StripeEvent;
  try {
    event = verifyStripeEvent(rawBody, signature, secret);
  } catch (err) {
    logger.warn("stripe webhook refused", { reason: err instanceof Error ? err.message : String(err) });
    throw new ApiError(400, "errors.webhookSignatureInvalid");
  }
  return handleStripeEvent(event);
}
