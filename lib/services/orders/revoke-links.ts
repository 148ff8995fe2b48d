import "server-only";
import { eq, sql } from "drizzle-orm";
import { orders } from "@/db/schema";
import type { Viewer } from "@/lib/request-context/viewer";
import { notFound } from "@/lib/errors";
import { recordEvent } from "./core/events";
import { lockOrder } from "./core/locks";
import { inTransaction } from "./core/unit-of-work";

export async function revokeOrderLinks(orderId: string, session: Viewer): Promise<{ linkVersion: number }> {
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    const [row] = await tx
      .update(orders)
      .set({ linkVersion: sql`${orders.linkVersion} + 1`, updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning({ linkVersion: orders.linkVersion });
    if (!row) throw notFound();
    await recordEvent(tx, {
      orderId,
      type: "links_revoked",
      by: { actor: "admin", userId: session.user.id },
      data: { linkVersion: row.linkVersion },
    });
    return { linkVersion: row.linkVersion };
  });
}
