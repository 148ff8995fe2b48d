import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceCounters } from "@/db/schema";

export interface InvoiceNumber {
  year: number;
  sequence: number;
  /** RE-2026-000001 */
  number: string;
}

export const formatInvoiceNumber = (year: number, sequence: number) => `RE-${year}-${String(sequence).padStart(6, "0")}`;

/**
 * The next number of the year, shared by invoices and credit notes. The counter row is created or
 * incremented in the caller's transaction and stays locked until it ends: concurrent issuers wait
 * for each other, and a transaction that rolls back gives its number back (no gaps, no duplicates).
 */
export async function nextInvoiceNumber(tx: Tx, year: number): Promise<InvoiceNumber> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${sql.identifier("invoice_counters")}.${sql.identifier("last_number")} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error("invoice counter upsert returned no row");
  return { year, sequence: row.lastNumber, number: formatInvoiceNumber(year, row.lastNumber) };
}
