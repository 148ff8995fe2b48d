import "server-only";
import type { Payment } from "@/db/schema";
import type { PaymentFailureReason } from "@/lib/integrations/payments/types";

export type PaymentStatus = Payment["status"];

/**
 * THE payment state rules, in one place. A payment only moves along these edges; anything else (a
 * replayed or out-of-order provider event, a late failure after a success, a second confirmation) is
 * ignored. In particular succeeded never goes back: a paid order stays paid until it is refunded.
 *
 * failed → … is allowed because a declined Stripe PaymentIntent returns to "requires payment method"
 * and the customer may try another card on the same intent (the sandbox mirrors that).
 *
 * cancelled → succeeded: a success the provider reports for an attempt we had cancelled (a race at
 * the provider) is money received. It is taken as a fact and never pays the order: onPaid treats it
 * as a duplicate payment and refunds it.
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

/** States in which the customer can still pay with this attempt (confirm a card on it). */
export const CONFIRMABLE: readonly PaymentStatus[] = ["requires_payment", "failed"];
/** States that end an attempt: a new attempt is needed to pay (or nothing more can happen). */
export const FINISHED: readonly PaymentStatus[] = ["succeeded", "refunded", "cancelled"];
/**
 * Attempts the customer can still pay at the provider (they hold its client secret): a new attempt is
 * created only after the provider confirmed these cancelled. "creating" attempts were never handed out.
 */
export const LIVE: readonly PaymentStatus[] = ["requires_payment", "requires_action", "failed"];
/** Attempts that mean money arrived or is on its way: the order is not "unpaid" any more. */
export const MONEY_MOVED: readonly PaymentStatus[] = ["succeeded", "processing", "refunded"];

/** Translation keys of the failure reasons (messages "payment.*"), stored in payments.failureMessage. */
export const FAILURE_MESSAGE_KEYS: Record<PaymentFailureReason, `payment.${string}`> = {
  declined: "payment.declined",
  expired_card: "payment.expiredCard",
  incorrect_cvc: "payment.incorrectCvc",
  insufficient_funds: "payment.insufficientFunds",
  authentication_failed: "payment.authenticationFailed",
  processing_error: "payment.processingError",
  unknown: "payment.unknownError",
};

/** The order's payment status as customers see it, from all its payment attempts. */
export function orderPaymentStatus(payments: readonly Pick<Payment, "status">[]): "unpaid" | "paid" | "refunded" {
  if (payments.some((p) => p.status === "succeeded")) return "paid";
  if (payments.some((p) => p.status === "refunded")) return "refunded";
  return "unpaid";
}
