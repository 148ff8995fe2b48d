import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { env } from "@/lib/env";
import type { Viewer } from "@/lib/request-context/viewer";
import type { Locale } from "@/lib/i18n/config";
import type { OrderDto } from "@/lib/schemas/orders";
import { loadBundle, loadBundles, toOrderDtos, type OrderBundle } from "./core/dto";
import { expireUnpaidOrders } from "./expiry";
import { listOrderSources } from "./list";
import { refreshPayment } from "./payments";
import { orderPaymentStatus } from "@/lib/domain/order-flow";
import { receiptPdfInput } from "./receipt";
import { receiptPdfFile } from "./receipt-file";

async function ownBundleOrThrow(session: Viewer, orderId: string): Promise<OrderBundle> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, session.user.id)));
  const [bundle] = await loadBundles(db, rows);
  if (!bundle) throw notFound();
  return bundle;
}

export async function listOrders(session: Viewer, locale: Locale): Promise<OrderDto[]> {
  const db = await getDb();
  const read = () => listOrderSources(db, session.user.id);
  let rows = await read();
  const now = new Date();
  const cutoff = now.getTime() - env().UNPAID_ORDER_EXPIRY_HOURS * 3_600_000;
  if (rows.some(({ order: o }) => o.status === "pending" && o.updatedAt.getTime() < cutoff)) {
    if ((await expireUnpaidOrders(now, { userId: session.user.id })) > 0) rows = await read();
  }
  return toOrderDtos(db, rows, locale);
}

/** A webhook may be late, so a Stripe payment is reconciled before the order is shown. */
export async function getOrderForUser(session: Viewer, orderId: string, locale: Locale): Promise<OrderDto> {
  await ownBundleOrThrow(session, orderId);
  await expireUnpaidOrders(new Date(), { userId: session.user.id });
  await refreshPayment(orderId, locale);
  const db = await getDb();
  const fresh = await loadBundle(db, orderId);
  if (!fresh) throw notFound();
  const [dto] = await toOrderDtos(db, [fresh], locale);
  if (!dto) throw notFound();
  return dto;
}

export async function getReceiptPdf(session: Viewer, orderId: string, locale: Locale): Promise<{ orderNumber: string; pdf: Buffer }> {
  const bundle = await ownBundleOrThrow(session, orderId);
  if (orderPaymentStatus(bundle.payments, bundle.order.totalCents) === "unpaid") throw new ApiError(409, "errors.receiptNotAvailable");
  const input = await receiptPdfInput(await getDb(), bundle, locale);
  return { orderNumber: bundle.order.orderNumber, pdf: await receiptPdfFile(bundle.order.id, input) };
}
