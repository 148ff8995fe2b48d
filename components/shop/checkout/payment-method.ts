import type { PaymentDto } from "@/lib/schemas/orders";

export interface PaymentMethod {
  /** "notReady": the form has not finished loading. */
  prepare(): Promise<"ok" | "invalid" | "notReady">;
  /** Pays the payment prepared for a placed order; `onNeedsAction` fires when an extra step starts. */
  pay(orderId: string, payment: PaymentDto, onNeedsAction: () => void): Promise<PaymentResult>;
}

export type PaymentResult =
  | { kind: "succeeded" }
  /** Accepted by the provider, final state pending (the order page reconciles). */
  | { kind: "processing" }
  /** Declined or failed: the order stays unpaid and can be retried. */
  | { kind: "failed"; reason: string | null }
  /** The details need correcting (shown in the form); the same order is paid on the next attempt. */
  | { kind: "invalid"; message: string | null }
  /** An extra step (3-D Secure) is still open: the same order continues on the next attempt. */
  | { kind: "needsAction" }
  | { kind: "error"; message: string | null };

export type PaymentPhase =
  | { phase: "idle" }
  | { phase: "preparing" }
  | { phase: "notReady" }
  | { phase: "processing" }
  | { phase: "needsAction" }
  | { phase: "succeeded" }
  | { phase: "failed"; message: string };

export function resultOf(payment: PaymentDto): PaymentResult {
  switch (payment.status) {
    case "succeeded":
      return { kind: "succeeded" };
    case "processing":
      return { kind: "processing" };
    case "failed":
    case "cancelled":
    case "refunded":
    case "requires_payment":
      return { kind: "failed", reason: payment.failureMessage };
    case "requires_action":
      return { kind: "needsAction" };
    case "creating":
      // The provider's answer was not recorded yet: paying again with the same checkout completes it.
      return { kind: "error", message: null };
  }
}
