import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { discountRedemptions, orderEvents, orders, payments, type Payment } from "@/db/schema";
import { logger } from "@/lib/logger";
import type { Locale } from "@/lib/i18n/config";
import { queueMail } from "@/lib/integrations/mail";
import type { ProviderPaymentState } from "@/lib/integrations/payments/types";
import { removeOrderedFromCart } from "../cart";
import { issueInvoice } from "./invoicing/issue";
import { loadBundle } from "./core/dto";
import type { Effects } from "./core/effects";
import { recordEvent } from "./core/events";
import { lockOrder } from "./core/locks";
import { canMovePayment } from "@/lib/domain/order-flow";
import { FAILURE_MESSAGE_KEYS } from "./core/payment-state";
import { receiptMail, withInvoice } from "./receipt";
import { refundPayment } from "./refunds";
export interface TransitionContext {
  locale: Locale;
  effects: Effects;
  source: string;
}

/** Replays and out-of-order events are no-ops; becoming succeeded has its effects exactly once. */
export async function applyPaymentState(tx: Tx, payment: Payment, next: ProviderPaymentState, ctx: TransitionContext): Promise<Payment> {
  const failureMessage = next.status === "failed" ? FAILURE_MESSAGE_KEYS[next.failureReason ?? "unknown"] : null;
  if (payment.status === next.status) {
    // A second decline on the same attempt may come with another reason.
    if (next.status !== "failed" || payment.failureMessage === failureMessage) return payment;
    const [updated] = await tx.update(payments).set({ failureMessage }).where(eq(payments.id, payment.id)).returning();
    await recordPaymentFailed(tx, payment, next, ctx);
    return updated ?? payment;
  }
  if (!canMovePayment(payment.status, next.status)) {
    logger.info("payment transition ignored", { paymentId: payment.id, from: payment.status, to: next.status, source: ctx.source });
    return payment;
  }
  const [updated] = await tx
    .update(payments)
    .set({ status: next.status, failureMessage })
    .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
    .returning();
  if (!updated) return payment; // changed concurrently (the caller should hold the row lock)
  logger.info("payment moved", {
    paymentId: payment.id,
    orderId: payment.orderId,
    from: payment.status,
    to: next.status,
    source: ctx.source,
  });
  if (next.status === "succeeded") await onPaid(tx, updated, ctx, payment.status === "cancelled");
  if (next.status === "failed") await recordPaymentFailed(tx, payment, next, ctx);
  return updated;
}

async function recordPaymentFailed(tx: Tx, payment: Payment, next: ProviderPaymentState, ctx: TransitionContext): Promise<void> {
  const reason = next.failureReason ?? "unknown";
  const data = { paymentId: payment.id, provider: payment.provider, reason, source: ctx.source };
  await recordEvent(tx, { orderId: payment.orderId, type: "payment_failed", by: { actor: "provider" }, note: reason, data });
}

/** A second success is refunded automatically after the commit. */
async function onPaid(tx: Tx, payment: Payment, ctx: TransitionContext, wasCancelled = false): Promise<void> {
  const order = await lockOrder(tx, payment.orderId);
  if (!order) return;
  const [paidBefore] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, "paid")))
    .limit(1);
  const by = { actor: "provider" as const };
  const facts = { paymentId: payment.id, amountCents: payment.amountCents, provider: payment.provider, source: ctx.source };
  if (order.status === "cancelled" || paidBefore || wasCancelled || payment.amountCents !== order.totalCents) {
    await recordEvent(tx, { orderId: order.id, type: "duplicate_payment", by, data: facts });
    ctx.effects.after.push(() => refundPayment(payment.id, { reason: "duplicate payment", by: { actor: "system" } }));
    return;
  }
  await recordEvent(tx, { orderId: order.id, type: "paid", by, data: facts });
  await tx
    .update(orders)
    .set({ paidAt: sql`now()` })
    .where(eq(orders.id, order.id));
  const bundle = await loadBundle(tx, payment.orderId);
  if (!bundle) return;
  if (bundle.order.userId !== null) {
    const [used] = await tx
      .select({ codeId: discountRedemptions.discountCodeId })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.orderId, order.id));
    await removeOrderedFromCart(bundle.order.userId, bundle.items, tx, used?.codeId);
  }
  const invoice = await issueInvoice(tx, order.id, ctx.effects);
  const mail = await receiptMail(tx, bundle, ctx.locale);
  ctx.effects.mailIds.push(
    await queueMail(tx, {
      ...mail,
      kind: "receipt",
      orderId: order.id,
      attachments: withInvoice(mail.attachments, invoice),
    }),
  );
}
