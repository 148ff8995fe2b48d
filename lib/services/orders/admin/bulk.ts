import "server-only";
import { inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import type { ViewerWithEmail } from "@/lib/request-context/viewer";
import { ApiError } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import { logger } from "@/lib/logger";
import type { BulkOrderInput, BulkOrderResponse, BulkOrderResult } from "@/lib/schemas/admin-orders";
import { completeOrder, processOrder } from "../admin-actions";

/** Each order in its own transaction: one the table refuses leaves the others done. */
export async function bulkOrderAction(body: BulkOrderInput, session: ViewerWithEmail, locale: Locale): Promise<BulkOrderResponse> {
  const db = await getDb();
  const numbers = new Map(
    (await db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.id, body.orderIds))).map((o) => [
      o.id,
      o.orderNumber,
    ]),
  );
  const results: BulkOrderResult[] = [];
  for (const orderId of body.orderIds) {
    const orderNumber = numbers.get(orderId) ?? null;
    try {
      if (body.action === "process") await processOrder(orderId, session, locale);
      else
        await completeOrder(orderId, { carrier: body.carrier, trackingNumber: body.trackingNumbers?.[orderId] ?? null }, session, locale);
      results.push({ orderId, orderNumber, ok: true });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        logger.error("bulk order action failed", { orderId, action: body.action, err: error });
        results.push({ orderId, orderNumber, ok: false, status: 500, error: translate(locale, "errors.internal") });
        continue;
      }
      results.push({ orderId, orderNumber, ok: false, status: error.status, error: translate(locale, error.key, error.params) });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}
