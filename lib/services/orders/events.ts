import "server-only";
import { asc, eq } from "drizzle-orm";
import { orderEvents, type Order, type OrderEvent, type OrderEventActor, type OrderEventType } from "@/db/schema";
import type { Queryable } from "./dto";

export interface Actor {
  actor: OrderEventActor;
  userId?: number | null;
}

export interface EventInput {
  orderId: string;
  type: OrderEventType;
  by: Actor;
  from?: Order["status"] | null;
  to?: Order["status"] | null;
  note?: string | null;
  data?: Record<string, unknown> | null;
}

export async function recordEvent(tx: Queryable, input: EventInput): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: input.orderId,
    type: input.type,
    fromStatus: input.from ?? null,
    toStatus: input.to ?? null,
    actor: input.by.actor,
    actorUserId: input.by.userId ?? null,
    note: input.note ?? null,
    data: input.data ?? null,
  });
}

export async function orderTimeline(db: Queryable, orderId: string): Promise<OrderEvent[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}
