import { describe, expect, it } from "vitest";
import { ORDER_EVENT_ACTORS, ORDER_STATUSES as DB_STATUSES, type OrderEventActor, type OrderStatus } from "@/db/schema";
import { allowedActions, COMPLETED_STATUSES, OPEN_STATUSES, orderEdge, type OrderAction } from "@/lib/domain/order-flow";

const ACTIONS: OrderAction[] = ["process", "complete", "deliver", "cancel"];

const ALLOWED: [from: OrderStatus, action: OrderAction, actor: OrderEventActor, to: OrderStatus][] = [
  ["pending", "process", "admin", "processing"],
  ["processing", "complete", "admin", "shipped"],
  ["shipped", "deliver", "admin", "delivered"],
  ["pending", "cancel", "customer", "cancelled"],
  ["pending", "cancel", "admin", "cancelled"],
  ["pending", "cancel", "system", "cancelled"],
  ["pending", "cancel", "provider", "cancelled"],
  ["processing", "cancel", "admin", "cancelled"],
  ["processing", "cancel", "system", "cancelled"],
  ["processing", "cancel", "provider", "cancelled"],
];

describe("order-state – the transition table", () => {
  const all = DB_STATUSES.flatMap((from) => ACTIONS.flatMap((action) => ORDER_EVENT_ACTORS.map((actor) => [from, action, actor] as const)));

  it.each(all)("%s + %s by %s", (from, action, actor) => {
    const expected = ALLOWED.find(([f, a, who]) => f === from && a === action && who === actor);
    const edge = orderEdge(from, action, actor);
    if (expected) expect(edge?.to).toBe(expected[3]);
    else expect(edge).toBeNull();
  });

  it("Process Order needs a paid order; cancelling in production needs the admin's reason", () => {
    expect(orderEdge("pending", "process", "admin")?.requiresPaid).toBe(true);
    expect(orderEdge("processing", "cancel", "admin")?.reasonRequiredFor).toEqual(["admin"]);
    expect(orderEdge("pending", "cancel", "admin")?.reasonRequiredFor).toBeUndefined();
    expect(orderEdge("processing", "cancel", "system")?.reasonRequiredFor?.includes("system")).toBe(false);
  });

  it("a customer cancels only while the order is pending (before production starts)", () => {
    expect(DB_STATUSES.filter((s) => orderEdge(s, "cancel", "customer"))).toEqual(["pending"]);
  });

  it("nothing leaves cancelled or delivered", () => {
    for (const actor of ORDER_EVENT_ACTORS) {
      for (const action of ACTIONS) {
        expect(orderEdge("cancelled", action, actor)).toBeNull();
        expect(orderEdge("delivered", action, actor)).toBeNull();
      }
    }
  });

  it("allowedActions: the buttons per state, Process Order only when paid", () => {
    expect(allowedActions("pending", "admin", false)).toEqual(["cancel"]);
    expect(allowedActions("pending", "admin", true)).toEqual(["process", "cancel"]);
    expect(allowedActions("processing", "admin", true)).toEqual(["complete", "cancel"]);
    expect(allowedActions("shipped", "admin", true)).toEqual(["deliver"]);
    expect(allowedActions("delivered", "admin", true)).toEqual([]);
    expect(allowedActions("cancelled", "admin", true)).toEqual([]);
    expect(allowedActions("pending", "customer", true)).toEqual(["cancel"]);
    expect(allowedActions("processing", "customer", true)).toEqual([]);
  });

  it("open = pending or processing; completed = shipped or delivered (spec section 4)", () => {
    expect([...OPEN_STATUSES]).toEqual(["pending", "processing"]);
    expect([...COMPLETED_STATUSES]).toEqual(["shipped", "delivered"]);
  });
});
