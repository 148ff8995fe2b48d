import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceCounters } from "@/db/schema";

export interface InvoiceNumber {
  year: number;
  sequence: number;
  number: string;
}

export const formatInvoiceNumber = (year: number, sequence: number) => `RE-${year}-${String(sequence).padStart(6, "0")}`;

/** Locked until the caller's transaction ends: a rollback gives its number back, so no gaps, no duplicates. */
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
