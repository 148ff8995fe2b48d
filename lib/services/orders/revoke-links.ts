import "server-only";
import { eq, sql } from "drizzle-orm";
import { orders } from "@/db/schema";
import type { Session } from "@/lib/auth/session";
import { notFound } from "@/lib/errors";
import { recordEvent } from "./events";
import { lockOrder } from "./locks";
import { inTransaction } from "./unit-of-work";

/**
 * POST /api/admin/orders/{orderId}/revoke-links: raises the order's link version, so every order
 * link mailed so far answers like an unknown link (a forwarded or leaked link stops working); mails
 * sent later carry a link of the new version. Recorded on the timeline with the admin's id.
 */
export async function revokeOrderLinks(orderId: string, session: Session): Promise<{ linkVersion: number }> {
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
