import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { payments, refunds, type Invoice, type Refund } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { queueMail } from "@/lib/integrations/mail";
import { issueCreditNote } from "../invoicing/issue";
import { creditNoteKindOf } from "../../invoices/content";
import type { Effects } from "../core/effects";
import { recordEvent, type Actor } from "../core/events";
import { lockOrder } from "../core/locks";
import { refundedMail } from "../order-mails";
import { canMovePayment } from "@/lib/domain/order-flow";
import { duplicatePaymentIds } from "./reserve";

export interface BookRefundInput {
  orderId: string;
  paymentId: number;
  amountCents: number;
  providerRefundId: string;
  reason: string;
  source: Actor["actor"];
  actorUserId?: number | null;
  refundId?: number;
  notify?: boolean;
}

export interface BookedRefund {
  refund: Refund | null;
  booked: boolean;
  creditNote: Invoice | null;
  fullyRefunded: boolean;
}

/** Idempotent per providerRefundId, so a repeated webhook does nothing. */
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
    // The provider's announcement was booked before our own answer was recorded: the same money.
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
      creditNote: creditNote ? creditNoteKindOf(creditNote) : null,
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
