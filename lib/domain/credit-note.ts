/** "Gutschrift" would mean self-billing (§ 14 Abs. 2 UStG), so never that. */
export type CreditNoteKind = "cancellation" | "correction";

export function creditNoteKind(creditedGrossCents: number, invoiceGrossCents: number | null): CreditNoteKind {
  return invoiceGrossCents !== null && creditedGrossCents >= invoiceGrossCents ? "cancellation" : "correction";
}
