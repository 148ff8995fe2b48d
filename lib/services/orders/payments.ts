import "server-only";
/** Provider calls happen outside transactions; the order row is locked first, then the payment. */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { orders, payments, type Order, type Payment } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { env } from "@/lib/env";
import type { Viewer } from "@/lib/request-context/viewer";
import type { Locale } from "@/lib/i18n/config";
import { getPaymentProvider, sandboxAllowed } from "@/lib/integrations/payments";
import { sandboxAuthenticate, sandboxConfirm, type SandboxCard } from "@/lib/integrations/payments/sandbox";
import type { PaymentDto } from "@/lib/schemas/orders";
import { creatingAttempt, readyAttempt } from "./attempts";
import { latestPaymentRow, toPaymentDto } from "./core/dto";
import { expireUnpaidOrders } from "./expiry";
import { lockedPayments, lockOrder } from "./core/locks";
import { applyPaymentState } from "./payment-moves";
import { CONFIRMABLE, FINISHED, unpaidOrderLapsed } from "@/lib/domain/order-flow";
import { inTransaction } from "./core/unit-of-work";

export async function ownOrderOrThrow(tx: Tx, session: Viewer, orderId: string, lock = false): Promise<Order> {
  const query = tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, session.user.id)));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) throw notFound();
  return order;
}

async function assertOwnOrder(session: Viewer, orderId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, session.user.id)));
  if (!row) throw notFound();
}

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

/** One conditional UPDATE, so reloads do not hammer Stripe. */
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

export async function retryPayment(session: Viewer, orderId: string, locale: Locale): Promise<PaymentDto> {
  await assertOwnOrder(session, orderId);
  await expireUnpaidOrders(new Date(), { userId: session.user.id });
  await reconcileStripePayment(orderId, locale);
  const { payment, clientSecret } = await readyAttempt(orderId, locale, "fresh");
  return toPaymentDto(payment, locale, clientSecret);
}

async function sandboxAttempt(tx: Tx, session: Viewer, orderId: string): Promise<{ order: Order; payment: Payment }> {
  const order = await ownOrderOrThrow(tx, session, orderId, true);
  const attempts = await lockedPayments(tx, orderId);
  const payment = attempts.at(-1);
  // With Stripe configured the sandbox never marks anything paid, not even an older sandbox attempt.
  if (!payment || payment.provider !== "sandbox" || !sandboxAllowed() || getPaymentProvider().name !== "sandbox")
    throw new ApiError(409, "errors.sandboxOnly");
  // A lapsed order is left for the expiry sweep to cancel; paying it would revive what the customer was told had lapsed.
  const cutoff = new Date(Date.now() - env().UNPAID_ORDER_EXPIRY_HOURS * 3_600_000);
  if (unpaidOrderLapsed(order, attempts, cutoff)) throw new ApiError(409, "errors.orderNotPayable");
  return { order, payment };
}

async function beforeSandboxCall(session: Viewer, orderId: string, locale: Locale): Promise<void> {
  await assertOwnOrder(session, orderId);
  if (!sandboxAllowed()) throw new ApiError(409, "errors.sandboxOnly");
  if (await creatingAttempt(orderId)) await readyAttempt(orderId, locale, "replay");
}

// The customer waits for the click; the invoice PDF and the receipt's delivery do not need to make them wait.
const ANSWER_FIRST = { effects: "after-response" } as const;

export async function confirmSandboxPayment(session: Viewer, orderId: string, card: SandboxCard, locale: Locale): Promise<PaymentDto> {
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
  }, ANSWER_FIRST);
}

export async function authenticateSandboxPayment(session: Viewer, orderId: string, approve: boolean, locale: Locale): Promise<PaymentDto> {
  await beforeSandboxCall(session, orderId, locale);
  return inTransaction(async (tx, effects) => {
    const { order, payment } = await sandboxAttempt(tx, session, orderId);
    const id = payment.providerPaymentId;
    if (payment.status === "succeeded") return toPaymentDto(payment, locale);
    if (order.status !== "pending" || payment.status !== "requires_action" || id === null)
      throw new ApiError(409, "errors.paymentNotConfirmable");
    const outcome = sandboxAuthenticate(id, approve);
    return toPaymentDto(await applyPaymentState(tx, payment, outcome, { locale, effects, source: "sandbox-authenticate" }), locale);
  }, ANSWER_FIRST);
}
