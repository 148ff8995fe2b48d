import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoiceCounters, invoices, orderEvents, orderItems, orders, type Invoice } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { getStorage } from "@/lib/integrations/storage";
import { vatInGross } from "@/lib/domain/pricing";
import { issueCreditNote, issueInvoice } from "@/lib/services/orders/invoicing/issue";
import { nextInvoiceNumber } from "@/lib/services/invoices/numbers";
import { berlinDay } from "@/lib/domain/berlin-time";
import { inTransaction } from "@/lib/services/orders/core/unit-of-work";
import * as registerRoute from "@/app/api/auth/register/route";
import { call, cookieFrom } from "../helpers/api";
import { card, CARDS, getOrder, paySandbox, placedOrder } from "../helpers/orders";
import {
  SELLER,
  YEAR,
  content,
  customerId,
  download,
  invoiceOf,
  invoicesOf,
  num,
  orderBody,
  paidOrder,
  pdfText,
  setupInvoiceFixtures,
  twoRateOrder,
} from "../helpers/invoices";

setupInvoiceFixtures();

describe("invoice numbers", () => {
  it("paying an order issues exactly one invoice RE-{year}-000001; the next paid order gets 000002", async () => {
    const first = await paidOrder();
    const rows = await invoicesOf(first);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "invoice", number: num(1), year: YEAR, sequence: 1, refersToInvoiceId: null });
    const events = await (
      await getDb()
    )
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, first), eq(orderEvents.type, "invoice_issued")));
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ invoiceId: rows[0]?.id, number: num(1) });
    expect((await getOrder(first)).body.invoiceAvailable).toBe(true);

    const second = await paidOrder();
    expect((await invoiceOf(second)).number).toBe(num(2));
  });

  it("issuing again returns the existing invoice and uses no number", async () => {
    const orderId = await paidOrder();
    const before = await invoiceOf(orderId);
    const again = await inTransaction((tx, effects) => issueInvoice(tx, orderId, effects));
    expect(again?.id).toBe(before.id);
    expect(await invoicesOf(orderId)).toHaveLength(1);
    const [counter] = await (await getDb()).select().from(invoiceCounters).where(eq(invoiceCounters.year, YEAR));
    expect(counter?.lastNumber).toBe(before.sequence);
  });

  it("a rolled-back transaction gives its number back: the next invoice has no gap", async () => {
    const [counter] = await (await getDb()).select().from(invoiceCounters).where(eq(invoiceCounters.year, YEAR));
    const last = counter?.lastNumber ?? 0;
    await expect(
      (await getDb()).transaction(async (tx) => {
        expect((await nextInvoiceNumber(tx, YEAR)).sequence).toBe(last + 1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const orderId = await paidOrder();
    expect((await invoiceOf(orderId)).number).toBe(num(last + 1));
  });

  it("an unpaid order has no invoice; the invoice is not issued on placing", async () => {
    const { order } = await placedOrder("customer", customerId, { body: orderBody() });
    expect(await invoicesOf(order.id)).toEqual([]);
    expect((await getOrder(order.id)).body.invoiceAvailable).toBe(false);
    expect(
      await inTransaction((tx, effects) => issueCreditNote(tx, { orderId: order.id, refundId: 1, amountCents: 100 }, effects)),
    ).toBeNull();
  });
});

describe("invoice content", () => {
  let orderId: string;
  let invoice: Invoice;
  beforeAll(async () => {
    orderId = await twoRateOrder("de");
    invoice = await invoiceOf(orderId);
  });

  it("freezes seller, buyer (billing address), dates, order, payment and the language of the order", async () => {
    const c = content(invoice);
    const [order] = await (await getDb()).select().from(orders).where(eq(orders.id, orderId));
    expect(c).toMatchObject({
      kind: "invoice",
      number: invoice.number,
      language: "de",
      currency: "EUR",
      issueDate: berlinDay(invoice.issuedAt),
      deliveryDate: invoice.deliveryDate,
      seller: {
        name: SELLER.SELLER_NAME,
        street: SELLER.SELLER_STREET,
        postalCode: "20095",
        city: "Hamburg",
        country: "Deutschland",
        vatId: "DE123456789",
        taxNumber: "22/123/45678",
        email: SELLER.SELLER_EMAIL,
        phone: null,
        complete: true,
      },
      buyer: {
        name: "Berta Beispiel",
        street1: "Rechnungsallee 9",
        street2: "2. OG",
        postalCode: "80331",
        city: "München",
        countryCode: "DE",
        countryName: "Deutschland",
        email: "anna@example.com",
      },
      order: { id: orderId, number: order?.orderNumber },
      payment: { method: "card", provider: "sandbox" },
      refersTo: null,
      refund: null,
    });
    expect(invoice.deliveryDate).toBe(c.issueDate);
  });

  it("lists every line with net, VAT rate, VAT and gross, shipping included, VAT totals per rate, and totals equal to the order", async () => {
    const [order] = await (await getDb()).select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error("order");
    const items = await (await getDb()).select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    const c = content(invoice);
    const line = (gross: number, rate: number) => ({
      grossCents: gross,
      vatPercent: rate,
      vatCents: vatInGross(gross, rate),
      netCents: gross - vatInGross(gross, rate),
    });
    expect(c.lines).toEqual([
      {
        kind: "item",
        name: items[0]?.articleName,
        detail: expect.any(String),
        quantity: 1,
        unitGrossCents: items[0]?.unitPriceCents,
        ...line(items[0]?.totalCents ?? 0, 19),
      },
      {
        kind: "item",
        name: items[1]?.articleName,
        detail: expect.any(String),
        quantity: 2,
        unitGrossCents: items[1]?.unitPriceCents,
        ...line(items[1]?.totalCents ?? 0, 7),
      },
      {
        kind: "shipping",
        name: "Versand",
        detail: null,
        quantity: 1,
        unitGrossCents: order.shippingCents,
        ...line(order.shippingCents, 19),
      },
    ]);
    expect(order.shippingCents).toBeGreaterThan(0);
    // The order keeps the rate its shipping was charged at; the invoice's shipping line shows it.
    expect(order.shippingVatPercent).toBe(19);
    const [mug19, ship19, mug7] = [line(items[0]?.totalCents ?? 0, 19), line(order.shippingCents, 19), line(items[1]?.totalCents ?? 0, 7)];
    expect(c.vatTotals).toEqual([
      {
        vatPercent: 19,
        grossCents: mug19.grossCents + ship19.grossCents,
        vatCents: mug19.vatCents + ship19.vatCents,
        netCents: mug19.netCents + ship19.netCents,
      },
      { vatPercent: 7, grossCents: mug7.grossCents, vatCents: mug7.vatCents, netCents: mug7.netCents },
    ]);
    expect(c.totals).toEqual({ grossCents: order.totalCents, vatCents: order.taxCents, netCents: order.totalCents - order.taxCents });
    expect(invoice).toMatchObject({ grossCents: order.totalCents, taxCents: order.taxCents, netCents: order.totalCents - order.taxCents });
  });

  it("an order placed in English gets an English invoice", async () => {
    const id = await twoRateOrder("en");
    const c = content(await invoiceOf(id));
    expect(c.language).toBe("en");
    expect(c.lines.find((l) => l.kind === "shipping")?.name).toBe("Shipping");
    const pdf = await download(id, "customer");
    const text = pdfText(pdf.bytes);
    expect(text).toContain(`Invoice ${c.number}`);
    expect(text).toContain("Date of supply");
    expect(text).toContain("VAT by rate");
    expect(text).toContain("7%");
  });

  it("the PDF is a German invoice with the seller's VAT ID and tax number, the buyer, lines, VAT per rate and totals", async () => {
    const res = await download(orderId, "customer");
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes);
    const c = content(invoice);
    for (const expected of [
      `Rechnung ${invoice.number}`,
      "Becher & Co. GmbH",
      "USt-IdNr.: DE123456789",
      "Steuernummer: 22/123/45678",
      "Berta Beispiel",
      "Rechnungsallee 9",
      "80331 München",
      "Rechnungsdatum",
      "Liefer-/Leistungsdatum",
      "Versand",
      "19 %",
      "7 %",
      "Umsatzsteuer nach Steuersätzen",
      "Gesamtbetrag (brutto)",
      `${(c.totals.grossCents / 100).toFixed(2).replace(".", ",")}\u00a0€`,
      `${(c.totals.vatCents / 100).toFixed(2).replace(".", ",")}\u00a0€`,
      "Seite 1 von 1",
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});

describe("the stored PDF", () => {
  let orderId: string;
  let invoice: Invoice;
  beforeAll(async () => {
    orderId = await paidOrder();
    invoice = await invoiceOf(orderId);
  });

  it("is rendered and stored once the payment committed, and served as RE-….pdf, private", async () => {
    expect(invoice.pdfKey).toMatch(new RegExp(`^invoices/${YEAR}/${invoice.number.toLowerCase()}/[0-9a-f-]+\\.pdf$`));
    const stored = await getStorage().get(invoice.pdfKey ?? "");
    expect(stored?.subarray(0, 4).toString()).toBe("%PDF");
    const res = await download(orderId, "customer");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.headers.get("cache-control")).toContain("private");
    expect(res.bytes.equals(stored ?? Buffer.alloc(0))).toBe(true);
    const again = await download(orderId, "admin", undefined, true);
    expect(again.bytes.equals(res.bytes)).toBe(true);
  });

  it("is never rendered again: the stored file is what every download serves, whatever the seller settings say now", async () => {
    const key = invoice.pdfKey ?? "";
    const original = await getStorage().get(key);
    // Swap the stored file for a marker: a download that rendered anew could not return it.
    const marker = Buffer.from("%PDF-1.7 stored document marker");
    await getStorage().put(key, marker, "application/pdf");
    process.env.SELLER_NAME = "Renamed Seller";
    resetEnvCache();
    try {
      expect((await download(orderId, "customer")).bytes.equals(marker)).toBe(true);
      const [row] = await (await getDb()).select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row?.pdfKey).toBe(key);
      expect(content(row).seller.name).toBe(SELLER.SELLER_NAME);
    } finally {
      await getStorage().put(key, original ?? Buffer.alloc(0), "application/pdf");
      process.env.SELLER_NAME = SELLER.SELLER_NAME;
      resetEnvCache();
    }
  });

  it("a document without a stored PDF is rendered on first download and stored; two first downloads at once keep one file", async () => {
    await (await getDb()).update(invoices).set({ pdfKey: null }).where(eq(invoices.id, invoice.id));
    const [a, b] = await Promise.all([download(orderId, "customer"), download(orderId, "customer")]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const [row] = await (await getDb()).select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.pdfKey).toBeTruthy();
    expect(row?.pdfKey).not.toBe(invoice.pdfKey);
    const stored = await getStorage().get(row?.pdfKey ?? "");
    expect(a.bytes.equals(stored ?? Buffer.alloc(0))).toBe(true);
    expect(b.bytes.equals(stored ?? Buffer.alloc(0))).toBe(true);
    // Only the recorded rendering is left in the invoice's folder.
    const folder = path.join(process.env.STORAGE_DIR ?? "", path.dirname(row?.pdfKey ?? ""));
    expect(
      fs
        .readdirSync(folder)
        .filter((f) => f.endsWith(".pdf"))
        .sort(),
    ).toEqual([path.basename(invoice.pdfKey ?? ""), path.basename(row?.pdfKey ?? "")].sort());
  });
});

describe("invoice numbers under concurrency", () => {
  it("20 customers paying at the same time get 20 consecutive numbers: no gap, no duplicate", async () => {
    const customers: { cookie: string; id: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call<{ user: { id: number } }>(registerRoute.POST, {
        method: "POST",
        path: "/api/auth/register",
        body: { email: `buyer-${i}-${randomUUID().slice(0, 6)}@example.com`, guest: true },
      });
      expect(res.status).toBe(201);
      customers.push({ cookie: cookieFrom(res), id: res.body.user.id });
    }
    const orderIds: string[] = [];
    for (const c of customers) orderIds.push((await placedOrder({ cookie: c.cookie }, c.id, { body: orderBody() })).order.id);
    const db = await getDb();
    const [before] = await db.select().from(invoiceCounters).where(eq(invoiceCounters.year, YEAR));
    const last = before?.lastNumber ?? 0;

    const paid = await Promise.all(orderIds.map((id, i) => paySandbox(id, card(CARDS.ok), { cookie: customers[i]?.cookie ?? "" })));
    expect(paid.map((p) => `${p.status} ${p.body.status ?? p.body.message}`)).toEqual(orderIds.map(() => "200 succeeded"));

    const issued = (await Promise.all(orderIds.map((id) => invoicesOf(id)))).map((rows) => rows.map((r) => r.sequence));
    expect(issued.every((s) => s.length === 1)).toBe(true);
    expect(issued.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => last + i + 1));
    // Across the whole year: 1..n, every number once (invoices and credit notes together).
    const all = (await db.select({ sequence: invoices.sequence }).from(invoices).where(eq(invoices.year, YEAR)))
      .map((r) => r.sequence)
      .sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    const [after] = await db.select().from(invoiceCounters).where(eq(invoiceCounters.year, YEAR));
    expect(after?.lastNumber).toBe(all.length);
    // 20 payments with their invoice PDFs and receipt mails on two cores take 20 s alone, more beside other files.
  }, 90_000);
});
