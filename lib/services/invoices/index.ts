import "server-only";
export { issueCreditNote, issueInvoice, type CreditNoteInput } from "./issue";
export { invoicePdf, type InvoiceFile } from "./pdf";
export { adminInvoiceFile, userInvoiceFile } from "./download";
export { creditNoteKindOf, type InvoiceContent, type InvoiceLine, type VatTotal } from "./content";
