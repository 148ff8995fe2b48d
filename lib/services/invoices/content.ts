import "server-only";
import { vatInGross } from "@/lib/domain/pricing";
import type { Seller } from "@/lib/seller";

/** Written once when the number is issued, never changed (GoBD); the PDF is rendered from it. */
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
  /** False when a value §14 Abs. 4 UStG needs was still a placeholder at issue time. */
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
  kind: "item" | "shipping" | "refund";
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
  /** The date of supply (§14 Abs. 4 Nr. 6 UStG) is the issue date. */
  deliveryDate: string;
  seller: InvoiceSellerSnapshot;
  buyer: InvoiceBuyerSnapshot;
  order: { id: string; number: string; placedAt: string };
  lines: InvoiceLine[];
  vatTotals: VatTotal[];
  totals: Amounts;
  payment: { method: "card"; provider: "stripe" | "sandbox"; paidAt: string } | null;
  refersTo: { id: number; number: string; issueDate: string } | null;
  refund: { id: number; amountCents: number; full: boolean } | null;
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
    complete: s.complete,
  };
}

export function grossLine(input: Omit<InvoiceLine, "netCents" | "vatCents">): InvoiceLine {
  const vatCents = vatInGross(input.grossCents, input.vatPercent);
  return { ...input, netCents: input.grossCents - vatCents, vatCents };
}

/** Of the lines' own amounts, so the totals equal the sum of the lines. */
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

/** Exact to the cent: rounded down, the cents left over go to the largest remainders. */
export function splitProportionally(amountCents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0) return weights.map(() => 0);
  // BigInt: amount × weight can pass 2^53 for large cent values.
  const exact = weights.map((w) => BigInt(amountCents) * BigInt(w));
  const shares = exact.map((e) => Number(e / BigInt(total)));
  const remainders = exact.map((e, i) => ({ i, r: e % BigInt(total) }));
  let left = amountCents - shares.reduce((s, x) => s + x, 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

export function remainingByRate(invoice: InvoiceContent, earlierCredits: readonly InvoiceContent[]): VatTotal[] {
  return invoice.vatTotals.map((t) => {
    const credited = earlierCredits.flatMap((c) => c.vatTotals).filter((c) => c.vatPercent === t.vatPercent);
    const sum = (k: keyof Amounts) => Math.max(0, t[k] - credited.reduce((s, c) => s + c[k], 0));
    return { vatPercent: t.vatPercent, netCents: sum("netCents"), vatCents: sum("vatCents"), grossCents: sum("grossCents") };
  });
}

/** When the amount is the whole remainder each rate gets exactly its remaining amounts, so all credit notes together equal the invoice to the cent. */
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
