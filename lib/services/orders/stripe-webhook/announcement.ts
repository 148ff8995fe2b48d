import "server-only";
import { and, eq, gte, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { payments, type Payment } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { stripePaymentState, type StripeCharge, type StripeEvent } from "@/lib/integrations/payments/stripe";
import type { ProviderPaymentState } from "@/lib/integrations/payments/types";

export type Refund = NonNullable<StripeCharge["refunds"]>["data"][number];
export type Dispute = Extract<StripeEvent, { type: "charge.dispute.closed" }>["data"]["object"];

export type Announcement =
  | {
      kind: "intent";
      intentId: string;
      state: ProviderPaymentState;
      amount: number;
      received: number | null;
      currency: string;
      metadata: Record<string, string>;
    }
  | { kind: "charge_refunded"; intentId: string; charge: StripeCharge; amount: number; currency: string }
  | { kind: "refund_updated"; intentId: string; refund: Refund; amount: number; currency: string }
  | { kind: "dispute"; intentId: string; dispute: Dispute; closed: boolean; amount: number; currency: string };

export const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === "string" ? ref : ref?.id) ?? null;

const INTENT_STATES = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.processing": "processing",
  "payment_intent.requires_action": "requires_action",
  "payment_intent.canceled": "cancelled",
} as const;

export function announcementOf(event: StripeEvent): Announcement | null {
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.processing":
    case "payment_intent.requires_action":
    case "payment_intent.canceled":
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      const state: ProviderPaymentState =
        event.type === "payment_intent.payment_failed"
          ? { status: "failed", failureReason: stripePaymentState(intent).failureReason ?? "unknown" }
          : { status: INTENT_STATES[event.type], failureReason: null };
      const received = event.type === "payment_intent.succeeded" ? intent.amount_received : null;
      return {
        kind: "intent",
        intentId: intent.id,
        state,
        amount: intent.amount,
        received,
        currency: String(intent.currency).toUpperCase(),
        metadata: intent.metadata ?? {},
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const intentId = idOf(charge.payment_intent);
      return intentId
        ? { kind: "charge_refunded", intentId, charge, amount: charge.amount, currency: String(charge.currency).toUpperCase() }
        : null;
    }
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated": {
      const refund = event.data.object;
      const intentId = idOf(refund.payment_intent);
      return intentId
        ? { kind: "refund_updated", intentId, refund, amount: refund.amount, currency: String(refund.currency).toUpperCase() }
        : null;
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const intentId = idOf(dispute.payment_intent);
      const closed = event.type === "charge.dispute.closed";
      return intentId
        ? { kind: "dispute", intentId, dispute, closed, amount: dispute.amount, currency: String(dispute.currency).toUpperCase() }
        : null;
    }
    default:
      return null;
  }
}

export async function findPayment(tx: Tx, a: Announcement): Promise<Payment | undefined> {
  const [known] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, "stripe"), eq(payments.providerPaymentId, a.intentId)));
  if (known || a.kind !== "intent") return known;
  const paymentId = Number(a.metadata.paymentId);
  if (!Number.isSafeInteger(paymentId)) return undefined;
  const [creating] = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.id, paymentId), eq(payments.provider, "stripe"), eq(payments.status, "creating"), isNull(payments.providerPaymentId)),
    );
  return creating && creating.orderId === a.metadata.orderId ? creating : undefined;
}

export async function assertNothingBeingRecorded(tx: Tx): Promise<void> {
  const since = new Date(Date.now() - 24 * 3_600_000);
  const recording = await tx.$count(
    payments,
    and(eq(payments.provider, "stripe"), eq(payments.status, "creating"), gte(payments.createdAt, since)),
  );
  if (recording > 0) throw new ApiError(409, "errors.orderChangedConcurrently");
}

export function matches(a: Announcement, p: Payment): boolean {
  if (a.currency !== p.currency.toUpperCase()) return false;
  switch (a.kind) {
    case "intent":
      return a.amount === p.amountCents && (a.received === null || a.received === 0 || a.received === p.amountCents);
    case "charge_refunded":
      return a.amount === p.amountCents && a.charge.amount_refunded <= a.charge.amount;
    case "refund_updated":
    case "dispute":
      return a.amount > 0 && a.amount <= p.amountCents;
  }
}
