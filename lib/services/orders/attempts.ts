import "server-only";
/** Payment attempts: the provider of a stored payment, creating an attempt, the Stripe client secret. */
import type { Tx } from "@/db/client";
import { payments, type Payment } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { logger } from "@/lib/api/logger";
import type { Locale } from "@/lib/i18n/config";
import { getPaymentProvider, PaymentProviderError, type PaymentProvider } from "@/lib/integrations/payments";
import { createSandboxProvider } from "@/lib/integrations/payments/sandbox";

export const paymentIdempotencyKey = (orderId: string, attempt: number) => `order:${orderId}:attempt:${attempt}`;

const sandbox = createSandboxProvider();

/**
 * The provider that handles a stored payment. Sandbox payments move no money, so they can always be
 * refunded or cancelled; a Stripe payment needs Stripe to be configured (else 503).
 */
export function providerForPayment(payment: Pick<Payment, "provider">): PaymentProvider {
  if (payment.provider === "sandbox") return sandbox;
  const configured = getPaymentProvider();
  if (configured.name !== "stripe") throw new ApiError(503, "errors.paymentProviderUnavailable");
  return configured;
}

/** Runs a provider call; its failure becomes a 502 with a message for the customer. */
export async function providerCall<T>(fn: () => Promise<T>, key: "errors.paymentPreparationFailed" | "errors.paymentProviderFailed"): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      logger.error("payment provider call failed", { err });
      throw new ApiError(502, key);
    }
    throw err;
  }
}

export const isOpen = (p: Payment) => p.status === "requires_payment" || p.status === "requires_action" || p.status === "failed";

/** The Stripe client secret of an open attempt (not stored: fetched from Stripe); null otherwise. */
export async function clientSecretFor(payment: Payment): Promise<string | null> {
  if (payment.provider !== "stripe" || !isOpen(payment)) return null;
  const provider = providerForPayment(payment);
  return (await providerCall(() => provider.retrieve(payment.providerPaymentId), "errors.paymentPreparationFailed")).clientSecret;
}

/** Creates a payment attempt at the provider and records it (inside the caller's transaction). */
export async function createPaymentAttempt(
  tx: Tx,
  provider: PaymentProvider,
  order: { id: string; orderNumber: string; email: string; totalCents: number },
  attempt: number,
  locale: Locale,
): Promise<{ payment: Payment; clientSecret: string | null }> {
  const idempotencyKey = paymentIdempotencyKey(order.id, attempt);
  const created = await providerCall(
    () =>
      provider.createPayment({
        orderId: order.id,
        amountCents: order.totalCents,
        currency: "EUR",
        idempotencyKey,
        customerEmail: order.email,
        description: `MugMagic order ${order.orderNumber}`,
        metadata: { orderNumber: order.orderNumber, locale },
      }),
    "errors.paymentPreparationFailed",
  );
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: provider.name,
      providerPaymentId: created.providerPaymentId,
      // Every attempt starts here; should the provider answer a replayed payment that already moved
      // on, the webhook or the next reconciliation moves it forward through the transition table.
      status: "requires_payment",
      amountCents: order.totalCents,
      currency: "EUR",
      idempotencyKey,
    })
    .returning();
  if (!payment) throw new Error("payments insert returned no row");
  return { payment, clientSecret: created.clientSecret };
}

