import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { orderEvents, type Order, type OrderEvent, type OrderEventActor, type OrderEventType } from "@/db/schema";
import type { Tx } from "@/db/client";
import type { MailOutcome } from "../../mail/delivery";
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

export async function recordMailOutcome(tx: Tx, outcome: MailOutcome): Promise<void> {
  const { mailId, orderId, kind, attempt, error, nextAttemptAt } = outcome;
  if (!orderId) return;
  const type = error !== null ? "mail_failed" : kind === "receipt" ? "receipt_sent" : "mail_sent";
  // An admin's resend already wrote its receipt_sent entry (who asked); its delivery does not repeat it.
  if (type === "receipt_sent") {
    const [asked] = await tx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.orderId, orderId),
          eq(orderEvents.type, "receipt_sent"),
          sql`${orderEvents.data}->>'mailId' = ${String(mailId)}`,
        ),
      )
      .limit(1);
    if (asked) return;
  }
  const data = { mailId, kind, attempt, ...(error !== null && { error, nextAttemptAt: nextAttemptAt?.toISOString() ?? null }) };
  await recordEvent(tx, { orderId, type, by: { actor: "system" }, data });
}

export async function orderTimeline(db: Queryable, orderId: string): Promise<OrderEvent[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}
