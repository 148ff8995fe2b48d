import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoices, orders } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import type { Viewer } from "@/lib/request-context/viewer";
import { invoicePdf, type InvoiceFile } from "./pdf";

async function orderDocument(orderId: string, invoiceId: number | undefined): Promise<InvoiceFile> {
  const db = await getDb();
  const [doc] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), invoiceId === undefined ? eq(invoices.kind, "invoice") : eq(invoices.id, invoiceId)))
    .orderBy(asc(invoices.id))
    .limit(1);
  if (!doc) throw invoiceId === undefined ? new ApiError(409, "errors.invoiceNotIssued") : notFound();
  return invoicePdf(doc.id);
}

export async function adminInvoiceFile(orderId: string, invoiceId?: number): Promise<InvoiceFile> {
  const [order] = await (await getDb()).select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  return orderDocument(orderId, invoiceId);
}

export async function userInvoiceFile(session: Viewer, orderId: string, invoiceId?: number): Promise<InvoiceFile> {
  const [order] = await (
    await getDb()
  )
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, session.user.id)));
  if (!order) throw notFound();
  return orderDocument(orderId, invoiceId);
}
