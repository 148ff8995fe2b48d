import "server-only";
export { issueCreditNote, issueInvoice, type CreditNoteInput } from "./issue";
export { invoicePdf, type InvoiceFile } from "./pdf";
export { adminInvoiceFile, userInvoiceFile } from "./download";
export type { InvoiceContent, InvoiceLine, VatTotal } from "./content";
