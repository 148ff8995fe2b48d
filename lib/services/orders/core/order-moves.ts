import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { orders, type Order, type OrderEventType } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { releaseRedemption } from "../../discounts/uses";
import { recordEvent, type Actor } from "./events";
import { orderEdge, type OrderAction } from "@/lib/domain/order-flow";

const EVENT_OF: Record<OrderAction, OrderEventType> = {
  process: "processed",
  complete: "shipped",
  deliver: "delivered",
  cancel: "cancelled",
};

export interface MoveInput {
  action: OrderAction;
  by: Actor;
  paid: boolean;
  note?: string | null;
  eventType?: OrderEventType;
  data?: Record<string, unknown> | null;
  set?: Partial<
    Pick<Order, "processedAt" | "shippedAt" | "completedAt" | "deliveredAt" | "cancelledAt" | "cancelReason" | "carrier" | "trackingNumber">
  >;
}

/** The caller locked the order row. */
export async function moveOrder(tx: Tx, order: Order, input: MoveInput): Promise<Order> {
  const edge = orderEdge(order.status, input.action, input.by.actor);
  if (!edge) throw new ApiError(409, `errors.orderTransitionNotAllowed.${order.status}`);
  if (edge.requiresPaid && !input.paid) throw new ApiError(409, "errors.orderNotPaid");
  if (edge.reasonRequiredFor?.includes(input.by.actor) && !input.note?.trim()) {
    throw new ApiError(422, "errors.validationFailed", { reason: "validation.reasonRequired" });
  }
  const now = new Date();
  const stamps: MoveInput["set"] =
    edge.to === "processing"
      ? { processedAt: now }
      : edge.to === "shipped"
        ? { shippedAt: now, completedAt: now }
        : edge.to === "delivered"
          ? { deliveredAt: now }
          : { cancelledAt: now };
  const [updated] = await tx
    .update(orders)
    .set({ status: edge.to, ...stamps, ...input.set })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!updated) throw new ApiError(409, "errors.orderChangedConcurrently");
  // Every way to cancelled (customer, admin, expiry, provider) gives the discount code's use back in this transaction.
  if (edge.to === "cancelled") await releaseRedemption(tx, order.id);
  await recordEvent(tx, {
    orderId: order.id,
    type: input.eventType ?? EVENT_OF[input.action],
    by: input.by,
    from: order.status,
    to: edge.to,
    note: input.note,
    data: input.data,
  });
  return updated;
}
