import "server-only";
/**
 * Paying an order after it was placed: retry (a fresh attempt after a failure), the sandbox's card
 * confirmation and 3-D Secure step, and reconciliation with Stripe (a webhook may be late or lost).
 * Provider calls happen outside transactions (attempts.ts); every state change goes through
 * applyPaymentState (payment-moves.ts) with the order row locked first, then the payment.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { orders, payments, type Order, type Payment } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { logger } from "@/lib/logger";
import type { Session } from "@/lib/auth/session";
import type { Locale } from "@/lib/i18n/config";
import { getPaymentProvider, sandboxAllowed } from "@/lib/integrations/payments";
import { sandboxAuthenticate, sandboxConfirm, type SandboxCard } from "@/lib/integrations/payments/sandbox";
import type { PaymentDto } from "@/lib/schemas/orders";
import { creatingAttempt, readyAttempt } from "./attempts";
import { latestPaymentRow, toPaymentDto } from "./dto";
import { expireUnpaidOrders } from "../scheduled-jobs/expiry";
import { lockOrder } from "./locks";
import { applyPaymentState } from "./payment-moves";
import { CONFIRMABLE, FINISHED } from "./payment-state";
import { inTransaction } from "./unit-of-work";

/** The caller's own order, or 404 exactly like an unknown one (another customer's, or an admin on a user route). */
export async function ownOrderOrThrow(tx: Tx, session: Session, orderId: string, lock = false): Promise<Order> {
  const query = tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, session.user.id)));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) throw notFound();
  return order;
}

async function assertOwnOrder(session: Session, orderId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, session.user.id)));
  if (!row) throw notFound();
}

/**
 * Stripe only: asks Stripe for the current state of the order's latest attempt and moves it forward
 * (a webhook may be late or lost). A Stripe outage leaves the stored state as it is. throttled (a
 * customer's read): skipped when a read asked about the payment within the last 30 s.
 */
export async function reconcileStripePayment(orderId: string, locale: Locale, opts: { throttled?: boolean } = {}): Promise<void> {
  const latest = await latestPaymentRow(await getDb(), orderId);
  const id = latest?.providerPaymentId;
  if (!latest || !id || latest.provider !== "stripe" || FINISHED.includes(latest.status)) return;
  let snapshot;
  try {
    const provider = getPaymentProvider();
    if (provider.name !== "stripe") return;
    if (opts.throttled && !(await claimProviderCheck(latest.id))) return;
    snapshot = await provider.retrieve(id);
  } catch (err) {
    logger.warn("stripe reconcile failed", { orderId, err });
    return;
  }
  await inTransaction(async (tx, effects) => {
    await lockOrder(tx, orderId);
    const [row] = await tx.select().from(payments).where(eq(payments.id, latest.id)).for("update");
    if (row) await applyPaymentState(tx, row, snapshot, { locale, effects, source: "reconcile" });
  });
}

/**
 * Claims a customer read's provider check of a payment (one conditional UPDATE, so concurrent reads
 * claim it once): false when it was asked within the last 30 s. Reads come as often as a page is
 * reloaded; the webhook tells the news anyway.
 */
async function claimProviderCheck(paymentId: number): Promise<boolean> {
  const claimed = await (
    await getDb()
  )
    .update(payments)
    .set({ providerCheckedAt: sql`now()`, updatedAt: sql`${payments.updatedAt}` })
    .where(
      and(
        eq(payments.id, paymentId),
        or(isNull(payments.providerCheckedAt), lt(payments.providerCheckedAt, sql`now() - interval '30 seconds'`)),
      ),
    )
    .returning({ id: payments.id });
  return claimed.length > 0;
}

/**
 * Before an order is shown: an attempt left "creating" (the provider's answer was lost) is completed
 * with its own idempotency key, and a Stripe attempt is reconciled. Best effort: a provider outage
 * leaves the order as it is stored.
 */
export async function refreshPayment(orderId: string, locale: Locale): Promise<void> {
  if (await creatingAttempt(orderId)) {
    try {
      await readyAttempt(orderId, locale, "replay");
    } catch (err) {
      logger.warn("payment attempt not completed", { orderId, err });
    }
  }
  await reconcileStripePayment(orderId, locale, { throttled: true });
}

/**
 * POST /api/user/orders/{orderId}/payment: the attempt to pay with. A paid order answers its
 * successful payment; an open attempt is answered as it is; after a failure (or a cancelled attempt)
 * the old attempt is cancelled at the provider first and only then a fresh one is created (502 and
 * nothing new when the provider does not confirm the cancellation). An expired or cancelled order → 409.
 */
export async function retryPayment(session: Session, orderId: string, locale: Locale): Promise<PaymentDto> {
  await assertOwnOrder(session, orderId);
  await expireUnpaidOrders(new Date(), { userId: session.user.id });
  await reconcileStripePayment(orderId, locale);
  const { payment, clientSecret } = await readyAttempt(orderId, locale, "fresh");
  return toPaymentDto(payment, locale, clientSecret);
}

/**
 * The latest attempt of an order, for the sandbox calls: the sandbox must be the configured provider
 * and allowed (in production only with PAYMENTS_SANDBOX=true); otherwise 409.
 */
async function sandboxAttempt(tx: Tx, session: Session, orderId: string): Promise<{ order: Order; payment: Payment }> {
  const order = await ownOrderOrThrow(tx, session, orderId, true);
  const payment = await latestPaymentRow(tx, orderId, true);
  // With Stripe configured the sandbox never marks anything paid, not even an older sandbox attempt.
  if (!payment || payment.provider !== "sandbox" || !sandboxAllowed() || getPaymentProvider().name !== "sandbox")
    throw new ApiError(409, "errors.sandboxOnly");
  return { order, payment };
}

/** Expires the customer's due unpaid orders and completes an attempt still "creating" before a sandbox call. */
async function beforeSandboxCall(session: Session, orderId: string, locale: Locale): Promise<void> {
  await assertOwnOrder(session, orderId);
  if (!sandboxAllowed()) throw new ApiError(409, "errors.sandboxOnly");
  await expireUnpaidOrders(new Date(), { userId: session.user.id });
  if (await creatingAttempt(orderId)) await readyAttempt(orderId, locale, "replay");
}

/** POST …/payment/sandbox: pays the current attempt with a test card (the card is not stored). */
export async function confirmSandboxPayment(session: Session, orderId: string, card: SandboxCard, locale: Locale): Promise<PaymentDto> {
  await beforeSandboxCall(session, orderId, locale);
  return inTransaction(async (tx, effects) => {
    const { order, payment } = await sandboxAttempt(tx, session, orderId);
    const id = payment.providerPaymentId;
    if (payment.status === "succeeded") return toPaymentDto(payment, locale); // a double click pays once
    if (order.status !== "pending") throw new ApiError(409, "errors.orderNotPayable");
    if (!CONFIRMABLE.includes(payment.status) || id === null) throw new ApiError(409, "errors.paymentNotConfirmable");
    const outcome = sandboxConfirm(id, card);
    logger.info("sandbox card confirmed", { paymentId: payment.id, last4: outcome.last4, status: outcome.status });
    return toPaymentDto(await applyPaymentState(tx, payment, outcome, { locale, effects, source: "sandbox" }), locale);
  });
}

/** POST …/payment/sandbox/authenticate: the extra (3-D Secure) step, approved or rejected. */
export async function authenticateSandboxPayment(session: Session, orderId: string, approve: boolean, locale: Locale): Promise<PaymentDto> {
  await beforeSandboxCall(session, orderId, locale);
  return inTransaction(async (tx, effects) => {
    const { order, payment } = await sandboxAttempt(tx, session, orderId);
    const id = payment.providerPaymentId;
    if (payment.status === "succeeded") return toPaymentDto(payment, locale);
    if (order.status !== "pending" || payment.status !== "requires_action" || id === null)
      throw new ApiError(409, "errors.paymentNotConfirmable");
    const outcome = sandboxAuthenticate(id, approve);
    return toPaymentDto(await applyPaymentState(tx, payment, outcome, { locale, effects, source: "sandbox-authenticate" }), locale);
  });
}
