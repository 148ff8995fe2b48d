import "server-only";
import type { CreditNoteKind } from "@/lib/domain/credit-note";
import type { TaxTreatmentKind } from "@/lib/domain/order-vocabulary";
import { splitProportionally, vatInGross } from "@/lib/domain/pricing";

export { splitProportionally };
import type { Seller } from "@/lib/seller";

/** Written once when the number is issued, never changed (GoBD). */
export interface InvoiceSellerSnapshot {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string | null;
  taxNumber: string | null;
  email: string | null;
  phone: string | null;
  representative: string | null;
  register: string | null;
  bank?: { name: string | null; iban: string; bic: string | null } | null;
  complete: boolean;
}

export interface InvoiceBuyerSnapshot {
  name: string;
  street1: string;
  street2: string | null;
  postalCode: string;
  city: string;
  countryCode: string;
  countryName: string;
  email: string;
}

export interface InvoiceLine {
  kind: "item" | "shipping" | "refund" | "discount";
  name: string;
  detail: string | null;
  quantity: number;
  unitGrossCents: number;
  netCents: number;
  vatPercent: number;
  vatCents: number;
  grossCents: number;
}

export interface VatTotal {
  vatPercent: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export interface Amounts {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export interface InvoiceContent {
  version: 1;
  kind: "invoice" | "credit_note";
  number: string;
  language: "de" | "en";
  currency: "EUR";
  issueDate: string;
  deliveryDate: string;
  seller: InvoiceSellerSnapshot;
  /** The shop's name when the document was issued (documents from before the brand settings have none). */
  shopName?: string;
  buyer: InvoiceBuyerSnapshot;
  order: { id: string; number: string; placedAt: string };
  lines: InvoiceLine[];
  vatTotals: VatTotal[];
  totals: Amounts;
  payment: { method: "card"; provider: "stripe" | "sandbox"; paidAt: string } | null;
  refersTo: { id: number; number: string; issueDate: string } | null;
  refund: { id: number; amountCents: number; full: boolean } | null;
  /** How the order was taxed (documents from before have none: German VAT). */
  taxTreatment?: TaxTreatmentKind;
  /** The legal reason for the VAT charged, e.g. the export exemption; a credit note repeats its invoice's. */
  taxNote?: string | null;
}

export function creditNoteKindOf(document: { content: unknown }): CreditNoteKind {
  return (document.content as InvoiceContent).refund?.full === true ? "cancellation" : "correction";
}

export function sellerSnapshot(s: Seller): InvoiceSellerSnapshot {
  const optional = (f: Seller["email"]) => (f.missing ? null : f.value);
  const noTaxId = s.vatId.missing && s.taxNumber.missing;
  return {
    name: s.name.value,
    street: s.street.value,
    postalCode: s.postalCode.value,
    city: s.city.value,
    country: s.country.value,
    vatId: noTaxId ? s.vatId.value : optional(s.vatId),
    taxNumber: optional(s.taxNumber),
    email: optional(s.email),
    phone: optional(s.phone),
    representative: optional(s.representative),
    register: optional(s.register),
    bank: s.iban.missing ? null : { name: optional(s.bankName), iban: s.iban.value, bic: optional(s.bic) },
    complete: s.complete,
  };
}

export function grossLine(input: Omit<InvoiceLine, "netCents" | "vatCents">): InvoiceLine {
  const vatCents = vatInGross(input.grossCents, input.vatPercent);
  return { ...input, netCents: input.grossCents - vatCents, vatCents };
}

/** One negative line per VAT rate, so items and these lines carry exactly the VAT of the discounted goods. */
export function discountLines(
  items: readonly { totalCents: number; discountCents: number; vatPercent: number }[],
  name: (vatPercent: number) => string,
): InvoiceLine[] {
  const byRate = new Map<number, { grossCents: number; vatCents: number }>();
  for (const i of items) {
    if (i.discountCents <= 0) continue;
    const r = byRate.get(i.vatPercent) ?? { grossCents: 0, vatCents: 0 };
    r.grossCents += i.discountCents;
    r.vatCents += vatInGross(i.totalCents, i.vatPercent) - vatInGross(i.totalCents - i.discountCents, i.vatPercent);
    byRate.set(i.vatPercent, r);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatPercent, r]) => ({
      kind: "discount",
      name: name(vatPercent),
      detail: null,
      quantity: 1,
      unitGrossCents: -r.grossCents,
      netCents: -(r.grossCents - r.vatCents),
      vatPercent,
      vatCents: -r.vatCents,
      grossCents: -r.grossCents,
    }));
}

export function vatTotalsOf(lines: readonly InvoiceLine[]): VatTotal[] {
  const byRate = new Map<number, VatTotal>();
  for (const l of lines) {
    const t = byRate.get(l.vatPercent) ?? { vatPercent: l.vatPercent, netCents: 0, vatCents: 0, grossCents: 0 };
    t.netCents += l.netCents;
    t.vatCents += l.vatCents;
    t.grossCents += l.grossCents;
    byRate.set(l.vatPercent, t);
  }
  return [...byRate.values()].sort((a, b) => b.vatPercent - a.vatPercent);
}

export function totalsOf(vatTotals: readonly VatTotal[]): Amounts {
  return vatTotals.reduce(
    (s, t) => ({ netCents: s.netCents + t.netCents, vatCents: s.vatCents + t.vatCents, grossCents: s.grossCents + t.grossCents }),
    {
      netCents: 0,
      vatCents: 0,
      grossCents: 0,
    },
  );
}

export function remainingByRate(invoice: InvoiceContent, earlierCredits: readonly InvoiceContent[]): VatTotal[] {
  return invoice.vatTotals.map((t) => {
    const credited = earlierCredits.flatMap((c) => c.vatTotals).filter((c) => c.vatPercent === t.vatPercent);
    const sum = (k: keyof Amounts) => Math.max(0, t[k] - credited.reduce((s, c) => s + c[k], 0));
    return { vatPercent: t.vatPercent, netCents: sum("netCents"), vatCents: sum("vatCents"), grossCents: sum("grossCents") };
  });
}

/** The whole remainder gives each rate exactly its rest, so all credit notes together equal the invoice. */
export function creditNoteLines(
  invoice: InvoiceContent,
  earlierCredits: readonly InvoiceContent[],
  amountCents: number,
  refundLineName: (vatPercent: number) => string,
): { lines: InvoiceLine[]; full: boolean } {
  if (earlierCredits.length === 0 && amountCents === invoice.totals.grossCents)
    return { lines: invoice.lines.map((l) => ({ ...l })), full: true };
  const remaining = remainingByRate(invoice, earlierCredits).filter((r) => r.grossCents > 0);
  const remainingGross = remaining.reduce((s, r) => s + r.grossCents, 0);
  const shares = splitProportionally(
    amountCents,
    remaining.map((r) => r.grossCents),
  );
  const lines = remaining.flatMap((r, i): InvoiceLine[] => {
    const gross = shares[i] ?? 0;
    if (gross === 0) return [];
    if (amountCents === remainingGross) {
      return [
        {
          kind: "refund",
          name: refundLineName(r.vatPercent),
          detail: null,
          quantity: 1,
          unitGrossCents: gross,
          netCents: r.netCents,
          vatPercent: r.vatPercent,
          vatCents: r.vatCents,
          grossCents: gross,
        },
      ];
    }
    return [
      grossLine({
        kind: "refund",
        name: refundLineName(r.vatPercent),
        detail: null,
        quantity: 1,
        unitGrossCents: gross,
        vatPercent: r.vatPercent,
        grossCents: gross,
      }),
    ];
  });
  return { lines, full: false };
}
