import "server-only";
import Stripe from "stripe";
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentFailureReason,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentSnapshot,
  type ProviderPaymentState,
  type ProviderRefund,
} from "./types";

export interface StripeSettings {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

export function isStripeTestKey(secretKey: string): boolean {
  return /^(sk|rk)_test_/.test(secretKey);
}

export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    host: settings.host,
    port: settings.port,
    protocol: settings.protocol,
    // Network retries resend the same idempotency key, so a retry never makes a second charge.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "MugMagic" },
  });
}

function failureReasonOf(error: Stripe.PaymentIntent.LastPaymentError | null | undefined): PaymentFailureReason | null {
  if (!error) return null;
  const code = error.decline_code ?? error.code ?? "";
  switch (code) {
    case "expired_card":
      return "expired_card";
    case "incorrect_cvc":
    case "invalid_cvc":
      return "incorrect_cvc";
    case "insufficient_funds":
      return "insufficient_funds";
    case "payment_intent_authentication_failure":
    case "authentication_required":
      return "authentication_failed";
    case "processing_error":
      return "processing_error";
    case "card_declined":
    case "generic_decline":
    case "do_not_honor":
    case "lost_card":
    case "stolen_card":
    case "fraudulent":
    case "card_not_supported":
    case "incorrect_number":
    case "invalid_number":
      return "declined";
    default:
      return error.type === "card_error" ? "declined" : "unknown";
  }
}

export function stripePaymentState(intent: Stripe.PaymentIntent): ProviderPaymentState {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", failureReason: null };
    case "processing":
    case "requires_capture":
      return { status: "processing", failureReason: null };
    case "requires_action":
      return { status: "requires_action", failureReason: null };
    case "canceled":
      return { status: "cancelled", failureReason: null };
    case "requires_payment_method": {
      const reason = failureReasonOf(intent.last_payment_error);
      return reason ? { status: "failed", failureReason: reason } : { status: "requires_payment", failureReason: null };
    }
    default:
      return { status: "requires_payment", failureReason: null };
  }
}

/** A 409 or 429 may follow a request that acted; an idempotency_error means the key was used before. */
function isRefusal(err: unknown): boolean {
  if (!(err instanceof Stripe.errors.StripeError) || err.type === "StripeIdempotencyError" || err.rawType === "idempotency_error")
    return false;
  const status = err.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 && status !== 409 && status !== 429;
}

function providerError(what: string, err: unknown): PaymentProviderError {
  const detail = err instanceof Error ? err.message : String(err);
  return new PaymentProviderError(`Stripe ${what} failed: ${detail}`, err, isRefusal(err));
}

function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  const status =
    refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
  return { refundId: refund.id, status, amountCents: refund.amount };
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = createStripeClient(settings);
  return {
    name: "stripe",
    testMode: isStripeTestKey(settings.secretKey),

    async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new RangeError("amount must be positive cents");
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            description: input.description,
            metadata: { ...input.metadata, orderId: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (err) {
        throw providerError("PaymentIntent creation", err);
      }
      if (!intent.client_secret) throw new PaymentProviderError("Stripe returned a PaymentIntent without a client secret");
      return { providerPaymentId: intent.id, clientSecret: intent.client_secret, status: stripePaymentState(intent).status };
    },

    async retrieve(providerPaymentId: string): Promise<ProviderPaymentSnapshot> {
      try {
        const intent = await stripe.paymentIntents.retrieve(providerPaymentId);
        return { ...stripePaymentState(intent), clientSecret: intent.client_secret };
      } catch (err) {
        throw providerError("PaymentIntent retrieval", err);
      }
    },

    async refund(providerPaymentId: string, idempotencyKey: string, amountCents: number, ourRefundId?: number): Promise<ProviderRefund> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError("refund amount must be positive cents");
      try {
        const metadata = ourRefundId === undefined ? undefined : { refundId: String(ourRefundId) };
        return toProviderRefund(
          await stripe.refunds.create({ payment_intent: providerPaymentId, amount: amountCents, metadata }, { idempotencyKey }),
        );
      } catch (err) {
        throw providerError("refund", err);
      }
    },

    async findRefund(providerPaymentId: string, ourRefundId: number): Promise<ProviderRefund | null> {
      try {
        for await (const refund of stripe.refunds.list({ payment_intent: providerPaymentId, limit: 100 })) {
          if (refund.metadata?.refundId === String(ourRefundId)) return toProviderRefund(refund);
        }
        return null;
      } catch (err) {
        throw providerError("refund lookup", err);
      }
    },

    async cancel(providerPaymentId: string): Promise<void> {
      try {
        await stripe.paymentIntents.cancel(providerPaymentId);
      } catch (err) {
        const current = await stripe.paymentIntents.retrieve(providerPaymentId).catch(() => null);
        if (current?.status === "canceled") return;
        throw providerError("PaymentIntent cancellation", err);
      }
    },
  };
}

export function verifyStripeEvent(rawBody: string, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}

export type StripeEvent = Stripe.Event;
export type StripePaymentIntent = Stripe.PaymentIntent;
export type StripeCharge = Stripe.Charge;
