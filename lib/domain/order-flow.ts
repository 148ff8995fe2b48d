/** Pure: no database, so the admin screens, services and tests ask the same tables. */
import type { OrderEventActor, OrderStatus, PAYMENT_STATUSES } from "./order-vocabulary";

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type OrderAction = "process" | "complete" | "deliver" | "cancel";

interface Edge {
  from: OrderStatus;
  to: OrderStatus;
  action: OrderAction;
  actors: readonly OrderEventActor[];
  requiresPaid?: boolean;
  reasonRequiredFor?: readonly OrderEventActor[];
}

export const ORDER_EDGES: readonly Edge[] = [
  { from: "pending", to: "processing", action: "process", actors: ["admin"], requiresPaid: true },
  { from: "processing", to: "shipped", action: "complete", actors: ["admin"] },
  { from: "shipped", to: "delivered", action: "deliver", actors: ["admin"] },
  { from: "pending", to: "cancelled", action: "cancel", actors: ["customer", "admin", "system", "provider"] },
  { from: "processing", to: "cancelled", action: "cancel", actors: ["admin", "system", "provider"], reasonRequiredFor: ["admin"] },
];

export const OPEN_STATUSES: readonly OrderStatus[] = ["pending", "processing"];
export const COMPLETED_STATUSES: readonly OrderStatus[] = ["shipped", "delivered"];

export function orderEdge(from: OrderStatus, action: OrderAction, actor: OrderEventActor): Edge | null {
  return ORDER_EDGES.find((e) => e.from === from && e.action === action && e.actors.includes(actor)) ?? null;
}

export function allowedActions(from: OrderStatus, actor: OrderEventActor, paid: boolean): OrderAction[] {
  return ORDER_EDGES.filter((e) => e.from === from && e.actors.includes(actor) && (!e.requiresPaid || paid)).map((e) => e.action);
}

/**
 * Replayed or out-of-order provider events must not move a payment back. failed → … because a declined
 * attempt may be retried with another card; cancelled → succeeded because a provider race is still money received.
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
/** The customer may still hold the client secret: a new attempt waits until the provider cancelled these. */
export const LIVE: readonly PaymentStatus[] = ["requires_payment", "requires_action", "failed"];
export const MONEY_MOVED: readonly PaymentStatus[] = ["succeeded", "processing", "refunded"];

/** An unpaid order lapses after a quiet spell: no money moved, no attempt started since the cutoff. */
export function unpaidOrderLapsed(
  order: { status: OrderStatus; updatedAt: Date },
  attempts: readonly { status: PaymentStatus; createdAt: Date }[],
  cutoff: Date,
): boolean {
  if (order.status !== "pending" || order.updatedAt >= cutoff) return false;
  return !attempts.some((p) => MONEY_MOVED.includes(p.status) || p.createdAt >= cutoff);
}

export type AdminPaymentStatus = "unpaid" | "paid" | "partially_refunded" | "refunded";

export interface MoneySummary {
  paidCents: number;
  refundedCents: number;
  refundableCents: number;
  paid: boolean;
}

interface PaymentMoney {
  id: number;
  status: PaymentStatus;
  amountCents: number;
  refundedCents: number;
}

interface RefundMoney {
  paymentId: number;
  status: string;
  amountCents: number;
}

export function moneyOf(paymentRows: readonly PaymentMoney[], refundRows: readonly RefundMoney[] = []): MoneySummary {
  let paidCents = 0;
  let refundedCents = 0;
  let refundableCents = 0;
  for (const p of paymentRows) {
    if (p.status === "succeeded" || p.status === "refunded") paidCents += p.amountCents;
    refundedCents += Math.max(p.refundedCents, p.status === "refunded" ? p.amountCents : 0);
    if (p.status !== "succeeded") continue;
    const inFlight = refundRows.filter((r) => r.paymentId === p.id && r.status === "pending").reduce((sum, r) => sum + r.amountCents, 0);
    refundableCents += Math.max(0, p.amountCents - p.refundedCents - inFlight);
  }
  return { paidCents, refundedCents, refundableCents, paid: refundableCents > 0 };
}

/** An automatically refunded duplicate payment leaves the order paid. */
export function adminPaymentStatus(money: Pick<MoneySummary, "paidCents" | "refundedCents">, totalCents: number): AdminPaymentStatus {
  if (money.paidCents === 0) return "unpaid";
  if (money.refundedCents >= money.paidCents) return "refunded";
  if (money.refundedCents > 0 && money.paidCents - money.refundedCents < totalCents) return "partially_refunded";
  return "paid";
}

export function orderPaymentStatus(payments: readonly PaymentMoney[], totalCents: number): AdminPaymentStatus {
  return adminPaymentStatus(moneyOf(payments), totalCents);
}
