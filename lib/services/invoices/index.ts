import "server-only";
export { invoicePdf, type InvoiceFile } from "./pdf";
export { adminInvoiceFile, userInvoiceFile } from "./download";
export { creditNoteKindOf, type InvoiceContent, type InvoiceLine, type VatTotal } from "./content";
