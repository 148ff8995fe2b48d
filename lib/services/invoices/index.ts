import "server-only";
/**
 * Invoices and credit notes (§14 UStG, GoBD). PLACEHOLDER CONTRACT — being implemented in this change:
 *   issueInvoice(tx, orderId, effects)       in the paying transaction: the gapless number RE-{year}-{000001}, the frozen content; PDF after commit
 *   issueCreditNote(tx, input, effects)      for a refund: its own number in the same sequence, refers to the invoice
 *   invoicePdf(invoiceId)                    the stored PDF (rendered once from the snapshot, then never again)
 */
import type { Tx } from "@/db/client";
import type { Invoice } from "@/db/schema";
import type { Effects } from "../orders/transitions";

export async function issueInvoice(_tx: Tx, _orderId: string, _effects: Effects): Promise<Invoice | null> {
  return null;
}

export async function issueCreditNote(_tx: Tx, _input: { orderId: string; refundId: number; amountCents: number }, _effects: Effects): Promise<Invoice | null> {
  return null;
}

export async function invoicePdf(_invoiceId: number): Promise<{ filename: string; bytes: Buffer }> {
  throw new Error("invoicePdf: not yet implemented");
}
