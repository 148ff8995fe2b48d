import "server-only";
import { webhookEvents } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { logger } from "@/lib/api/logger";
import { stripeWebhookSecret } from "@/lib/integrations/payments";
import { isLocale, DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import { stripePaymentState, verifyStripeEvent, type StripeEvent, type StripePaymentIntent } from "@/lib/integrations/payments/stripe";
import type { ProviderPaymentState } from "@/lib/integrations/payments/types";
import { applyPaymentState, inTransaction, lockPaymentByProviderId } from "./transitions";

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

/** The language the order was placed in (PaymentIntent metadata), for the receipt email. */
function localeOf(intent: StripePaymentIntent): Locale {
  const locale = intent.metadata?.locale;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** The state an event announces (the event type decides; the intent fills in the failure reason). */
function announcedState(event: StripeEvent): { intentId: string; state: ProviderPaymentState; locale: Locale; amount?: number } | null {
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.processing":
    case "payment_intent.requires_action":
    case "payment_intent.canceled": {
      const intent = event.data.object;
      const status = ({ "payment_intent.succeeded": "succeeded", "payment_intent.processing": "processing", "payment_intent.requires_action": "requires_action", "payment_intent.canceled": "cancelled" } as const)[event.type];
      return { intentId: intent.id, state: { status, failureReason: null }, locale: localeOf(intent), amount: intent.amount_received || intent.amount };
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      const fromIntent = stripePaymentState(intent);
      return { intentId: intent.id, state: { status: "failed", failureReason: fromIntent.failureReason ?? "unknown" }, locale: localeOf(intent) };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      // Only a full refund un-pays the order; a partial refund leaves it paid.
      if (!intentId || !charge.refunded) return null;
      return { intentId, state: { status: "refunded", failureReason: null }, locale: DEFAULT_LOCALE };
    }
    default:
      return null;
  }
}

/**
 * A verified Stripe event. Its id is recorded first (ON CONFLICT DO NOTHING) in the same transaction
 * as its effect: a replay finds the id and has no second effect; a failed handling rolls back the
 * record, so Stripe's retry is handled again. Effects go through the payment transition table, so
 * events arriving out of order (or duplicated under new ids) never move a payment backwards.
 */
export async function handleStripeEvent(event: StripeEvent): Promise<WebhookOutcome> {
  return inTransaction(async (tx, effects) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: "stripe", type: event.type, payload: event })
      .onConflictDoNothing({ target: webhookEvents.id })
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return "duplicate";
    const announced = announcedState(event);
    if (!announced) return "ignored";
    const payment = await lockPaymentByProviderId(tx, "stripe", announced.intentId);
    if (!payment) {
      logger.warn("stripe event for an unknown payment", { eventId: event.id, type: event.type, intentId: announced.intentId });
      return "ignored";
    }
    if (announced.state.status === "succeeded" && announced.amount !== undefined && announced.amount !== payment.amountCents) {
      logger.error("stripe payment amount differs from the order total", { eventId: event.id, paymentId: payment.id, amount: announced.amount, expected: payment.amountCents });
      return "ignored";
    }
    await applyPaymentState(tx, payment, announced.state, { locale: announced.locale, effects, source: `stripe:${event.id}` });
    return "processed";
  });
}

/**
 * POST /api/webhooks/stripe: verifies the signature on the raw body (Stripe's default 5-minute
 * tolerance) before anything else; a forged, altered or stale event is refused with 400 and changes nothing.
 */
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
