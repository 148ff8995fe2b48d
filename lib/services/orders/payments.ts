import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { orders, payments, type Order, type Payment } from "@/db/schema";
import { ApiError, notFound } from "@/lib/api/errors";
import { logger } from "@/lib/api/logger";
import type { Session } from "@/lib/auth/session";
import type { Locale } from "@/lib/i18n/config";
import { getPaymentProvider } from "@/lib/integrations/payments";
import { sandboxAuthenticate, sandboxConfirm, type SandboxCard } from "@/lib/integrations/payments/sandbox";
import type { OrderDto, PaymentDto } from "@/lib/schemas/orders";
import { latestPaymentRow, loadBundle, toOrderDto, toPaymentDto } from "./dto";
import { CONFIRMABLE, FINISHED } from "./payment-state";
import { clientSecretFor, createPaymentAttempt, isOpen, providerCall, providerForPayment } from "./attempts";
import { applyPaymentState, inTransaction, type Effects } from "./transitions";

/** The caller's own order, or 404 exactly like an unknown one (another customer's, or an admin on a user route). */
export async function ownOrderOrThrow(tx: Tx, session: Session, orderId: string, lock = false): Promise<Order> {
  const query = tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, session.user.id)));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) throw notFound();
  return order;
}

async function assertOwnOrder(session: Session, orderId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, session.user.id)));
  if (!row) throw notFound();
}

async function lockedPayments(tx: Tx, orderId: string): Promise<Payment[]> {
  return tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)).for("update");
}

/**
 * Stripe only: asks Stripe for the current state of the order's latest attempt and moves it forward
 * (a webhook may be late or lost). A Stripe outage leaves the stored state as it is.
 */
export async function reconcileStripePayment(orderId: string, locale: Locale): Promise<void> {
  const db = await getDb();
  const latest = await latestPaymentRow(db, orderId);
  if (!latest || latest.provider !== "stripe" || FINISHED.includes(latest.status)) return;
  const provider = getPaymentProvider();
  if (provider.name !== "stripe") return;
  let snapshot;
  try {
    snapshot = await provider.retrieve(latest.providerPaymentId);
  } catch (err) {
    logger.warn("stripe reconcile failed", { orderId, err });
    return;
  }
  await inTransaction(async (tx, effects) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, latest.id)).for("update");
    if (row) await applyPaymentState(tx, row, snapshot, { locale, effects, source: "reconcile" });
  });
}

/**
 * POST /api/user/orders/{orderId}/payment: the attempt to pay with. A paid order answers its
 * successful payment; an open attempt is answered as it is; after a failure (or a cancelled attempt)
 * a fresh attempt is created (a Stripe intent left behind is cancelled, so it cannot be paid twice).
 */
export async function retryPayment(session: Session, orderId: string, locale: Locale): Promise<PaymentDto> {
  await assertOwnOrder(session, orderId);
  await reconcileStripePayment(orderId, locale);
  return inTransaction(async (tx) => {
    const order = await ownOrderOrThrow(tx, session, orderId, true);
    const all = await lockedPayments(tx, orderId);
    const paid = all.find((p) => p.status === "succeeded");
    if (paid) return toPaymentDto(paid, locale);
    if (order.status !== "pending") throw new ApiError(409, "errors.orderNotPayable");
    const current = all[all.length - 1];
    if (current && current.status !== "failed" && current.status !== "cancelled") {
      return toPaymentDto(current, locale, await clientSecretFor(current));
    }
    if (current?.status === "failed" && current.provider === "stripe") {
      try {
        await providerForPayment(current).cancel(current.providerPaymentId);
        await tx.update(payments).set({ status: "cancelled" }).where(eq(payments.id, current.id));
      } catch (err) {
        logger.warn("could not cancel the failed attempt before a retry", { paymentId: current.id, err });
      }
    }
    const { payment, clientSecret } = await createPaymentAttempt(tx, getPaymentProvider(), order, all.length + 1, locale);
    return toPaymentDto(payment, locale, clientSecret);
  });
}

/** The latest attempt of an order, for the sandbox calls; the sandbox must be the configured provider. */
async function sandboxAttempt(tx: Tx, session: Session, orderId: string): Promise<{ order: Order; payment: Payment }> {
  const order = await ownOrderOrThrow(tx, session, orderId, true);
  const payment = await latestPaymentRow(tx, orderId, true);
  // With Stripe configured the sandbox never marks anything paid, not even an older sandbox attempt.
  if (!payment || payment.provider !== "sandbox" || getPaymentProvider().name !== "sandbox") throw new ApiError(409, "errors.sandboxOnly");
  return { order, payment };
}

/** POST …/payment/sandbox: pays the current attempt with a test card (the card is not stored). */
export async function confirmSandboxPayment(session: Session, orderId: string, card: SandboxCard, locale: Locale): Promise<PaymentDto> {
  return inTransaction(async (tx, effects) => {
    const { order, payment } = await sandboxAttempt(tx, session, orderId);
    if (payment.status === "succeeded") return toPaymentDto(payment, locale); // a double click pays once
    if (order.status !== "pending") throw new ApiError(409, "errors.orderNotPayable");
    if (!CONFIRMABLE.includes(payment.status)) throw new ApiError(409, "errors.paymentNotConfirmable");
    const outcome = sandboxConfirm(payment.providerPaymentId, card);
    logger.info("sandbox card confirmed", { paymentId: payment.id, last4: outcome.last4, status: outcome.status });
    return toPaymentDto(await applyPaymentState(tx, payment, outcome, { locale, effects, source: "sandbox" }), locale);
  });
}

/** POST …/payment/sandbox/authenticate: the extra (3-D Secure) step, approved or rejected. */
export async function authenticateSandboxPayment(session: Session, orderId: string, approve: boolean, locale: Locale): Promise<PaymentDto> {
  return inTransaction(async (tx, effects) => {
    const { order, payment } = await sandboxAttempt(tx, session, orderId);
    if (payment.status === "succeeded") return toPaymentDto(payment, locale);
    if (order.status !== "pending" || payment.status !== "requires_action") throw new ApiError(409, "errors.paymentNotConfirmable");
    const outcome = sandboxAuthenticate(payment.providerPaymentId, approve);
    return toPaymentDto(await applyPaymentState(tx, payment, outcome, { locale, effects, source: "sandbox-authenticate" }), locale);
  });
}

/** Refunds a succeeded attempt or cancels an open one, at the provider first, then in the database. */
async function settleForCancellation(tx: Tx, payment: Payment, locale: Locale, effects: Effects): Promise<void> {
  const provider = providerForPayment(payment);
  let current = payment;
  if (payment.provider === "stripe" && !FINISHED.includes(payment.status)) {
    // The webhook may not have arrived yet: decide on Stripe's state, not on ours.
    const snapshot = await providerCall(() => provider.retrieve(payment.providerPaymentId), "errors.paymentProviderFailed");
    current = await applyPaymentState(tx, payment, snapshot, { locale, effects, source: "cancel" });
  }
  const ctx = { locale, effects, source: "cancel" };
  if (current.status === "processing") throw new ApiError(409, "errors.orderNotCancellable");
  if (current.status === "succeeded") {
    const refund = await providerCall(() => provider.refund(current.providerPaymentId, `order:${current.orderId}:refund:${current.id}`), "errors.paymentProviderFailed");
    if (refund.status === "failed") throw new ApiError(502, "errors.paymentProviderFailed");
    await applyPaymentState(tx, current, { status: "refunded", failureReason: null }, ctx);
  } else if (isOpen(current)) {
    await providerCall(() => provider.cancel(current.providerPaymentId), "errors.paymentProviderFailed");
    await applyPaymentState(tx, current, { status: "cancelled", failureReason: null }, ctx);
  }
}

/**
 * POST /api/user/orders/{orderId}/cancel: only while the order is pending (else 409). A paid order
 * is refunded through the adapter, an unpaid one has its payment cancelled; then it is cancelled.
 */
export async function cancelOrder(session: Session, orderId: string, locale: Locale): Promise<OrderDto> {
  await inTransaction(async (tx, effects) => {
    const order = await ownOrderOrThrow(tx, session, orderId, true);
    if (order.status !== "pending") throw new ApiError(409, "errors.orderNotCancellable");
    const all = await lockedPayments(tx, orderId);
    if (all.some((p) => p.status === "processing")) throw new ApiError(409, "errors.orderNotCancellable");
    for (const payment of all) await settleForCancellation(tx, payment, locale, effects);
    await tx.update(orders).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(orders.id, orderId));
  });
  const bundle = await loadBundle(await getDb(), orderId);
  if (!bundle) throw notFound();
  return toOrderDto(bundle);
}
