import "server-only";

/** One payment interface: Stripe when keys are configured, the sandbox otherwise; vendor payloads are reshaped into ours. */

export type PaymentProviderName = "stripe" | "sandbox";

/** Our payment states (the payments.status column); a provider's own states map onto these. */
export type ProviderPaymentStatus =
  "requires_payment" | "requires_action" | "processing" | "succeeded" | "failed" | "refunded" | "cancelled";

/** Why an attempt failed, provider-neutral; the service turns it into a translated message. */
export type PaymentFailureReason =
  "declined" | "expired_card" | "incorrect_cvc" | "insufficient_funds" | "authentication_failed" | "processing_error" | "unknown";

export interface CreatePaymentInput {
  orderId: string;
  amountCents: number;
  currency: "EUR";
  /** Ours, e.g. "order:{orderId}:attempt:{n}": a retried request creates no second charge. */
  idempotencyKey: string;
  customerEmail: string;
  description: string;
  /** Extra string metadata stored with the payment at the provider (e.g. the customer's language). */
  metadata?: Record<string, string>;
}

export interface ProviderPayment {
  providerPaymentId: string;
  clientSecret: string | null;
  status: ProviderPaymentStatus;
}

export interface ProviderPaymentState {
  status: ProviderPaymentStatus;
  failureReason: PaymentFailureReason | null;
}

/** What retrieve() reports: the state, and the client secret while the customer can still act on it. */
export interface ProviderPaymentSnapshot extends ProviderPaymentState {
  clientSecret: string | null;
}

export interface ProviderRefund {
  refundId: string;
  /** pending: the provider confirms later (Stripe then announces it with charge.refunded). */
  status: "succeeded" | "pending" | "failed";
  amountCents: number;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Sandbox and Stripe test keys: no real money moves. */
  readonly testMode: boolean;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  retrieve(providerPaymentId: string): Promise<ProviderPaymentSnapshot>;
  /** A repeated call with the same idempotency key refunds once. */
  refund(providerPaymentId: string, idempotencyKey: string, amountCents: number, ourRefundId?: number): Promise<ProviderRefund>;
  /** Looked up before a refund whose answer was lost is resent, since the provider forgets idempotency keys after a while. */
  findRefund?(providerPaymentId: string, ourRefundId: number): Promise<ProviderRefund | null>;
  cancel(providerPaymentId: string): Promise<void>;
}

/** A provider call failed (network, provider outage, rejected request): the caller answers 502. */
export class PaymentProviderError extends Error {
  /** True only when the provider certainly did not act (a 4xx other than 409/429); otherwise the request may have been carried out. */
  readonly definitive: boolean;
  constructor(message: string, cause?: unknown, definitive = false) {
    super(message, { cause });
    this.name = "PaymentProviderError";
    this.definitive = definitive;
  }
}
