import "server-only";
/** Never a provider call in an open transaction: an attempt is committed as "creating" with its idempotency key first. */
import { and, desc, eq } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { orderEvents, orders, payments, type Order, type Payment } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { logger } from "@/lib/logger";
import type { Locale } from "@/lib/i18n/config";
import { getPaymentProvider, PaymentProviderError } from "@/lib/integrations/payments";
import type { ProviderPaymentState } from "@/lib/integrations/payments/types";
import { lockedPayments, lockOrder, lockPayment } from "./core/locks";
import { applyPaymentState } from "./payment-moves";
import { paymentIdempotencyKey, providerCall, providerForPayment } from "./core/payment-provider";
import { LIVE } from "@/lib/domain/order-flow";
import { inTransaction } from "./core/unit-of-work";

export const isOpen = (p: Pick<Payment, "status">) => LIVE.includes(p.status);

export async function clientSecretFor(payment: Payment): Promise<string | null> {
  const id = payment.providerPaymentId;
  if (payment.provider !== "stripe" || !isOpen(payment) || id === null) return null;
  const provider = providerForPayment(payment);
  return (await providerCall(() => provider.retrieve(id), "errors.paymentPreparationFailed")).clientSecret;
}

export async function insertCreatingAttempt(
  tx: Tx,
  order: Pick<Order, "id" | "totalCents" | "currency">,
  attempt: number,
): Promise<Payment> {
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: getPaymentProvider().name,
      providerPaymentId: null,
      status: "creating",
      amountCents: order.totalCents,
      currency: order.currency,
      idempotencyKey: paymentIdempotencyKey(order.id, attempt),
    })
    .returning();
  if (!payment) throw new Error("payments insert returned no row");
  return payment;
}

export interface ReadyAttempt {
  payment: Payment;
  clientSecret: string | null;
}

export async function resolveCreatingAttempt(payment: Payment): Promise<ReadyAttempt | null> {
  const [order] = await (await getDb()).select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order) throw notFound();
  const provider = providerForPayment(payment);
  const created = await providerCall(
    () =>
      provider.createPayment({
        orderId: order.id,
        amountCents: payment.amountCents,
        currency: "EUR",
        idempotencyKey: payment.idempotencyKey,
        customerEmail: order.email,
        description: `MugMagic order ${order.orderNumber}`,
        // paymentId lets a webhook that overtakes the recording below find its attempt.
        metadata: { orderNumber: order.orderNumber, locale: order.locale, paymentId: String(payment.id) },
      }),
    "errors.paymentPreparationFailed",
  );
  return inTransaction(async (tx) => {
    const row = await lockPayment(tx, payment);
    if (!row) return null;
    if (row.status === "creating") {
      const [recorded] = await tx
        .update(payments)
        .set({ providerPaymentId: created.providerPaymentId, status: "requires_payment" })
        .where(and(eq(payments.id, row.id), eq(payments.status, "creating")))
        .returning();
      return recorded ? { payment: recorded, clientSecret: created.clientSecret } : null;
    }
    if (row.providerPaymentId === created.providerPaymentId && isOpen(row)) return { payment: row, clientSecret: created.clientSecret };
    return null;
  });
}

/** At the provider first: if it refuses, nothing changes, so no new attempt is made beside a live one. */
export async function cancelAttempt(payment: Payment, locale: Locale): Promise<void> {
  const id = payment.providerPaymentId;
  let observed: ProviderPaymentState | null = null;
  if (id !== null) {
    const provider = providerForPayment(payment);
    try {
      await provider.cancel(id);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      observed = await provider.retrieve(id).catch(() => null);
      if (!observed || isOpen(observed)) {
        logger.error("payment attempt could not be cancelled", { paymentId: payment.id, err });
        throw new ApiError(502, "errors.paymentProviderFailed");
      }
    }
  }
  await inTransaction(async (tx, effects) => {
    const row = await lockPayment(tx, payment);
    if (!row || row.providerPaymentId !== id) return;
    const state: ProviderPaymentState = observed
      ? { status: observed.status, failureReason: observed.failureReason }
      : { status: "cancelled", failureReason: null };
    await applyPaymentState(tx, row, state, { locale, effects, source: "cancel-attempt" });
  });
}

async function paidBefore(tx: Tx, orderId: string): Promise<boolean> {
  return (await tx.$count(orderEvents, and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "paid")))) > 0;
}

type Step = { kind: "answer"; payment: Payment } | { kind: "resolve"; payment: Payment } | { kind: "cancel"; payment: Payment };

export type AttemptMode = "fresh" | "replay";

async function decide(tx: Tx, orderId: string, mode: AttemptMode): Promise<Step> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound();
  const all = await lockedPayments(tx, orderId);
  const paid = all.find((p) => p.status === "succeeded");
  if (paid) return { kind: "answer", payment: paid };
  const current = all[all.length - 1];
  if (mode === "replay" && order.status !== "pending" && current) return { kind: "answer", payment: current };
  if (order.status !== "pending" || (all.some((p) => p.status === "refunded") && (await paidBefore(tx, orderId))))
    throw new ApiError(409, "errors.orderNotPayable");
  const older = all.find((p) => p !== current && (p.status === "creating" || isOpen(p)));
  if (older) return { kind: "cancel", payment: older };
  if (!current || current.status === "cancelled" || current.status === "refunded")
    return { kind: "resolve", payment: await insertCreatingAttempt(tx, order, all.length + 1) };
  if (current.status === "processing") return { kind: "answer", payment: current };
  if (current.amountCents !== order.totalCents) return { kind: "cancel", payment: current };
  if (current.status === "creating") return { kind: "resolve", payment: current };
  if (current.status === "failed" && mode === "fresh") return { kind: "cancel", payment: current };
  return { kind: "answer", payment: current };
}

export async function readyAttempt(orderId: string, locale: Locale, mode: AttemptMode): Promise<ReadyAttempt> {
  for (let round = 0; round < 6; round++) {
    const step = await inTransaction((tx) => decide(tx, orderId, mode));
    if (step.kind === "answer") return { payment: step.payment, clientSecret: await clientSecretFor(step.payment) };
    if (step.kind === "cancel") {
      await cancelAttempt(step.payment, locale);
      continue;
    }
    const ready = await resolveCreatingAttempt(step.payment);
    if (ready) return ready;
  }
  throw new ApiError(409, "errors.orderChangedConcurrently");
}

export async function creatingAttempt(orderId: string): Promise<Payment | undefined> {
  const [latest] = await (await getDb()).select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
  return latest?.status === "creating" ? latest : undefined;
}
