import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoices } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { renderInvoicePdf } from "@/lib/integrations/pdf/invoice";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import type { InvoiceContent } from "./content";
import { invoicePdfInput } from "./render";

export interface InvoiceFile {
  filename: string;
  bytes: Buffer;
}

/** Rendered once (GoBD): pdf_key is set only while empty, so of two first calls one file is recorded. */
export async function invoicePdf(invoiceId: number): Promise<InvoiceFile> {
  const db = await getDb();
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) throw notFound();
  const filename = `${row.number}.pdf`;
  const storage = getStorage();
  if (row.pdfKey) {
    const bytes = await storage.get(row.pdfKey);
    if (!bytes) throw new Error(`stored PDF of invoice ${row.number} is missing (${row.pdfKey})`);
    return { filename, bytes };
  }
  const bytes = await renderInvoicePdf(invoicePdfInput(row.content as InvoiceContent));
  const key = newStorageKey(`invoices/${row.year}/${row.number.toLowerCase()}`, "pdf");
  await storage.put(key, bytes, "application/pdf");
  const [recorded] = await db
    .update(invoices)
    .set({ pdfKey: key })
    .where(and(eq(invoices.id, invoiceId), isNull(invoices.pdfKey)))
    .returning({ id: invoices.id });
  if (recorded) return { filename, bytes };
  await storage
    .delete(key)
    .catch((err: unknown) => logger.warn("dropping a second rendering of an invoice failed", { invoiceId, key, err }));
  return invoicePdf(invoiceId);
}
