import "server-only";
import { adminPaymentStatus, moneyOf, type AdminPaymentStatus } from "./admin/money";
import type { Payment } from "@/db/schema";
import type { PaymentFailureReason } from "@/lib/integrations/payments/types";

export type PaymentStatus = Payment["status"];

/**
 * A payment only moves along these edges, so replayed or out-of-order provider events are ignored and a paid
 * order stays paid. failed → … exists because a declined PaymentIntent may be retried with another card;
 * cancelled → succeeded because a provider race is still money received (onPaid refunds it as a duplicate).
 */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  creating: ["requires_payment", "requires_action", "processing", "succeeded", "failed", "cancelled"],
  requires_payment: ["requires_action", "processing", "succeeded", "failed", "cancelled"],
  requires_action: ["processing", "succeeded", "failed", "cancelled"],
  processing: ["succeeded", "failed", "cancelled"],
  failed: ["requires_action", "processing", "succeeded", "cancelled"],
  succeeded: ["refunded"],
  refunded: [],
  cancelled: ["succeeded"],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT[from].includes(to);
}

export const CONFIRMABLE: readonly PaymentStatus[] = ["requires_payment", "failed"];
export const FINISHED: readonly PaymentStatus[] = ["succeeded", "refunded", "cancelled"];
/** A new attempt is created only after the provider confirmed these cancelled: the customer holds their client secret. */
export const LIVE: readonly PaymentStatus[] = ["requires_payment", "requires_action", "failed"];
export const MONEY_MOVED: readonly PaymentStatus[] = ["succeeded", "processing", "refunded"];

/** Stored in payments.failureMessage. */
export const FAILURE_MESSAGE_KEYS: Record<PaymentFailureReason, `payment.${string}`> = {
  declined: "payment.declined",
  expired_card: "payment.expiredCard",
  incorrect_cvc: "payment.incorrectCvc",
  insufficient_funds: "payment.insufficientFunds",
  authentication_failed: "payment.authenticationFailed",
  processing_error: "payment.processingError",
  unknown: "payment.unknownError",
};

/** What the customer reads: the same rule as the back office (an automatically refunded duplicate leaves it paid). */
export function orderPaymentStatus(
  payments: readonly Pick<Payment, "id" | "status" | "amountCents" | "refundedCents">[],
  totalCents: number,
): AdminPaymentStatus {
  return adminPaymentStatus(moneyOf(payments), totalCents);
}
