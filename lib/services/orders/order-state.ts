/**
 * THE order transition table, in one place, used by every caller (customer, admin, provider
 * webhooks, the system's expiry). Pure: no database, so the admin screens and tests can ask it too.
 *
 *   pending    → processing  Process Order (admin; only when paid)
 *   processing → shipped     Mark as Completed (admin; optional carrier and tracking number)
 *   shipped    → delivered   (admin)
 *   pending    → cancelled   customer, admin, system (unpaid expiry, a provider refund or lost dispute)
 *   processing → cancelled   admin with a reason; system (a provider refund or lost dispute)
 *
 * Open orders are pending or processing; completed orders are shipped or delivered (spec section 4).
 */
import type { OrderEventActor, OrderStatus } from "@/db/schema";

export type OrderAction = "process" | "complete" | "deliver" | "cancel";

interface Edge {
  from: OrderStatus;
  to: OrderStatus;
  action: OrderAction;
  actors: readonly OrderEventActor[];
  /** The order must be paid (a succeeded payment) before this edge. */
  requiresPaid?: boolean;
  /** A reason (note) is required for this actor. */
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

/** The edge an actor may take from a status with an action, or null when the table forbids it. */
export function orderEdge(from: OrderStatus, action: OrderAction, actor: OrderEventActor): Edge | null {
  return ORDER_EDGES.find((e) => e.from === from && e.action === action && e.actors.includes(actor)) ?? null;
}

/** The actions an actor may take on an order in this state (for buttons): paid decides Process Order. */
export function allowedActions(from: OrderStatus, actor: OrderEventActor, paid: boolean): OrderAction[] {
  return ORDER_EDGES.filter((e) => e.from === from && e.actors.includes(actor) && (!e.requiresPaid || paid)).map((e) => e.action);
}
