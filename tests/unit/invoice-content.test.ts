import { describe, expect, it } from "vitest";
import { vatInGross } from "@/lib/domain/pricing";
import {
  creditNoteLines,
  grossLine,
  splitProportionally,
  totalsOf,
  vatTotalsOf,
  type InvoiceContent,
} from "@/lib/services/invoices/content";

describe("splitProportionally", () => {
  it("splits exactly to the cent, largest remainders first, earlier weight on ties", () => {
    expect(splitProportionally(1000, [1989, 2998])).toEqual([399, 601]);
    expect(splitProportionally(1, [1, 1])).toEqual([1, 0]);
    expect(splitProportionally(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(splitProportionally(0, [5, 7])).toEqual([0, 0]);
    expect(splitProportionally(10, [0, 0])).toEqual([0, 0]);
    expect(splitProportionally(12, [12])).toEqual([12]);
  });

  it("always sums to the amount, never gives a weight more than it has, and handles amounts near the column limit", () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 2000; run++) {
      const weights = Array.from({ length: 1 + rnd(4) }, () => rnd(100_000));
      const total = weights.reduce((s, w) => s + w, 0);
      const amount = total === 0 ? 0 : rnd(total + 1);
      const shares = splitProportionally(amount, weights);
      expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
      shares.forEach((share, i) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(weights[i] ?? 0);
      });
    }
    expect(splitProportionally(2_147_483_647, [2_147_483_000, 647])).toEqual([2_147_483_000, 647]);
  });
});

function invoiceOf(lines: ReturnType<typeof grossLine>[]): InvoiceContent {
  const vatTotals = vatTotalsOf(lines);
  return { lines, vatTotals, totals: totalsOf(vatTotals) } as InvoiceContent;
}

describe("credit note lines", () => {
  const invoice = invoiceOf([
    grossLine({ kind: "item", name: "Mug", detail: null, quantity: 1, unitGrossCents: 1499, vatPercent: 19, grossCents: 1499 }),
    grossLine({ kind: "item", name: "Book", detail: null, quantity: 3, unitGrossCents: 1001, vatPercent: 7, grossCents: 3003 }),
    grossLine({ kind: "shipping", name: "Shipping", detail: null, quantity: 1, unitGrossCents: 490, vatPercent: 19, grossCents: 490 }),
  ]);
  const name = (rate: number) => `Refund (${rate}%)`;

  it("VAT totals per rate are the sums of the lines, highest rate first", () => {
    expect(invoice.vatTotals.map((t) => [t.vatPercent, t.grossCents, t.vatCents])).toEqual([
      [19, 1989, vatInGross(1499, 19) + vatInGross(490, 19)],
      [7, 3003, vatInGross(3003, 7)],
    ]);
    expect(invoice.totals.grossCents).toBe(4992);
  });

  it("the whole amount with nothing credited before mirrors the invoice's lines", () => {
    const { lines, full } = creditNoteLines(invoice, [], 4992, name);
    expect(full).toBe(true);
    expect(lines).toEqual(invoice.lines);
  });

  it("partial credits split per rate; the last one takes exactly what is left, so all of them add up to the invoice", () => {
    const credits: InvoiceContent[] = [];
    for (const amount of [1000, 333, 1]) {
      const { lines, full } = creditNoteLines(invoice, credits, amount, name);
      expect(full).toBe(false);
      expect(lines.reduce((s, l) => s + l.grossCents, 0)).toBe(amount);
      for (const l of lines) expect(l.vatCents).toBe(vatInGross(l.grossCents, l.vatPercent));
      credits.push(invoiceOf(lines));
    }
    const rest = 4992 - 1334;
    const last = creditNoteLines(invoice, credits, rest, name).lines;
    credits.push(invoiceOf(last));
    for (const rate of invoice.vatTotals) {
      const credited = credits.flatMap((c) => c.vatTotals).filter((t) => t.vatPercent === rate.vatPercent);
      expect(credited.reduce((s, t) => s + t.grossCents, 0)).toBe(rate.grossCents);
      expect(credited.reduce((s, t) => s + t.vatCents, 0)).toBe(rate.vatCents);
      expect(credited.reduce((s, t) => s + t.netCents, 0)).toBe(rate.netCents);
    }
    expect(last.map((l) => l.name)).toEqual(["Refund (19%)", "Refund (7%)"]);
  });
});
