/** Pure: no database, so the admin screens and tests can ask the table too. */
import type { OrderEventActor, OrderStatus } from "@/db/schema";

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
