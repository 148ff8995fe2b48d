import "server-only";
/**
 * Invoices and credit notes (§14 UStG, GoBD), split by concern:
 *   numbers.ts   the gapless number RE-{year}-{000001} from the invoice_counters row (shared by both kinds)
 *   content.ts   the frozen content snapshot and its pure arithmetic (lines, VAT per rate, credit note split)
 *   issue.ts     issueInvoice (in the paying transaction) and issueCreditNote (in the refund's transaction)
 *   render.ts    the PDF's texts from the content, in the document's language
 *   pdf.ts       invoicePdf: rendered once after the commit, stored, then served from storage for ever
 *   download.ts  the admin and customer downloads (ownership, ?invoiceId=)
 */
export { issueCreditNote, issueInvoice, type CreditNoteInput } from "./issue";
export { invoicePdf, type InvoiceFile } from "./pdf";
export { adminInvoiceFile, userInvoiceFile } from "./download";
export type { InvoiceContent, InvoiceLine, VatTotal } from "./content";
