import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import { notFound } from "@/lib/api/errors";
import type { Session } from "@/lib/auth/session";
import type { Locale } from "@/lib/i18n/config";
import { renderReceiptPdf } from "@/lib/integrations/pdf/receipt";
import type { OrderDto } from "@/lib/schemas/orders";
import { loadBundle, loadBundles, toOrderDto, type OrderBundle } from "./dto";
import { reconcileStripePayment } from "./payments";
import { receiptPdfInput } from "./receipt";

/** The caller's own order with everything it needs; another customer's (or an admin on a user route) → 404. */
async function ownBundleOrThrow(session: Session, orderId: string): Promise<OrderBundle> {
  const db = await getDb();
  const rows = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, session.user.id)));
  const [bundle] = await loadBundles(db, rows);
  if (!bundle) throw notFound();
  return bundle;
}

/** GET /api/user/orders: the caller's orders, newest first. */
export async function listOrders(session: Session): Promise<OrderDto[]> {
  const db = await getDb();
  const rows = await db.select().from(orders).where(eq(orders.userId, session.user.id)).orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  return (await loadBundles(db, rows)).map((b) => toOrderDto(b));
}

/** GET /api/user/orders/{orderId}: a Stripe payment is reconciled with Stripe first (a webhook may be late). */
export async function getOrderForUser(session: Session, orderId: string, locale: Locale): Promise<OrderDto> {
  const bundle = await ownBundleOrThrow(session, orderId);
  const latest = bundle.payments[bundle.payments.length - 1];
  if (latest?.provider !== "stripe") return toOrderDto(bundle);
  await reconcileStripePayment(orderId, locale);
  const fresh = await loadBundle(await getDb(), orderId);
  if (!fresh) throw notFound();
  return toOrderDto(fresh);
}

/** GET /api/user/orders/{orderId}/receipt: the PDF receipt in the caller's language. */
export async function getReceiptPdf(session: Session, orderId: string, locale: Locale): Promise<{ orderNumber: string; pdf: Buffer }> {
  const bundle = await ownBundleOrThrow(session, orderId);
  const input = await receiptPdfInput(await getDb(), bundle, locale);
  return { orderNumber: bundle.order.orderNumber, pdf: await renderReceiptPdf(input) };
}
