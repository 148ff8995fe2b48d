import "server-only";

export type PaymentProviderName = "stripe" | "sandbox";

export type ProviderPaymentStatus =
  "requires_payment" | "requires_action" | "processing" | "succeeded" | "failed" | "refunded" | "cancelled";

export type PaymentFailureReason =
  "declined" | "expired_card" | "incorrect_cvc" | "insufficient_funds" | "authentication_failed" | "processing_error" | "unknown";

export interface CreatePaymentInput {
  orderId: string;
  amountCents: number;
  currency: "EUR";
  idempotencyKey: string;
  customerEmail: string;
  description: string;
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

export interface ProviderPaymentSnapshot extends ProviderPaymentState {
  clientSecret: string | null;
}

export interface ProviderRefund {
  refundId: string;
  status: "succeeded" | "pending" | "failed";
  amountCents: number;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly testMode: boolean;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  retrieve(providerPaymentId: string): Promise<ProviderPaymentSnapshot>;
  refund(providerPaymentId: string, idempotencyKey: string, amountCents: number, ourRefundId?: number): Promise<ProviderRefund>;
  /** The provider forgets idempotency keys after a while. */
  findRefund?(providerPaymentId: string, ourRefundId: number): Promise<ProviderRefund | null>;
  cancel(providerPaymentId: string): Promise<void>;
}

export class PaymentProviderError extends Error {
  readonly definitive: boolean;
  constructor(message: string, cause?: unknown, definitive = false) {
    super(message, { cause });
    this.name = "PaymentProviderError";
    this.definitive = definitive;
  }
}
