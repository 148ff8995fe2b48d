import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoiceCounters, invoices, orderEvents, orderItems, orders, outgoingMail, payments, refunds, type Invoice } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { getStorage, resetStorage } from "@/lib/integrations/storage";
import { orderTotals, vatInGross } from "@/lib/domain/pricing";
import { issueCreditNote, issueInvoice, type InvoiceContent } from "@/lib/services/invoices";
import { nextInvoiceNumber } from "@/lib/services/invoices/numbers";
import { berlinDay } from "@/lib/domain/berlin-time";
import { inTransaction } from "@/lib/services/orders/unit-of-work";
import * as registerRoute from "@/app/api/auth/register/route";
import * as adminInvoiceRoute from "@/app/api/admin/orders/[orderId]/invoice/route";
import * as userInvoiceRoute from "@/app/api/user/orders/[orderId]/invoice/route";
import * as adminRefundRoute from "@/app/api/admin/orders/[orderId]/refund/route";
import * as adminCancelRoute from "@/app/api/admin/orders/[orderId]/cancel/route";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { TEST_USERS, tempDir } from "../helpers/test-db";
import {
  card,
  CARDS,
  checkoutBody,
  fillCart,
  getOrder,
  getReceipt,
  listOrders,
  outboxFiles,
  paySandbox,
  placedOrder,
  placeOrder,
  readableMail,
  userIdOf,
  type Who,
} from "../helpers/orders";

const YEAR = Number(berlinDay(new Date()).slice(0, 4));
const num = (sequence: number) => `RE-${YEAR}-${String(sequence).padStart(6, "0")}`;
const ANY_UUID = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";
const SELLER = {
  SELLER_NAME: "Becher & Co. GmbH",
  SELLER_STREET: "Musterweg 5",
  SELLER_POSTAL_CODE: "20095",
  SELLER_CITY: "Hamburg",
  SELLER_EMAIL: "rechnung@becher.example",
  SELLER_VAT_ID: "DE123456789",
  SELLER_TAX_NUMBER: "22/123/45678",
};

let dataDir: string;
let customerId: number;

beforeAll(async () => {
  dataDir = tempDir("shop-test-invoices-");
  process.env.DATA_DIR = dataDir;
  // A storage folder of this file's own: other test files (each with a fresh database) issue invoices
  // with the same numbers, and the stored-PDF test looks into the invoice's folder.
  process.env.STORAGE_DIR = path.join(dataDir, "storage");
  resetStorage();
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  Object.assign(process.env, SELLER);
  // Many accounts registered from one address here; the registration limit has its own test (ai-money).
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  resetEnvCache();
  customerId = await userIdOf(TEST_USERS.customer.email);
});

async function invoicesOf(orderId: string): Promise<Invoice[]> {
  return (await getDb()).select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}

async function invoiceOf(orderId: string): Promise<Invoice> {
  const [row] = (await invoicesOf(orderId)).filter((i) => i.kind === "invoice");
  if (!row) throw new Error(`order ${orderId} has no invoice`);
  return row;
}

/** Places an order of `quantity` mugs for `who` and pays it with the sandbox's good card. */
async function paidOrder(who: Who = "customer", ownerId = customerId, lang: "en" | "de" = "en"): Promise<string> {
  const { order } = await placedOrder(who, ownerId, { lang, body: orderBody() });
  const paid = await paySandbox(order.id, card(CARDS.ok), who, lang);
  expect(paid.body.status, JSON.stringify(paid.body)).toBe("succeeded");
  return order.id;
}

async function download(orderId: string, who: Role, invoiceId?: number, admin = false) {
  const query = invoiceId === undefined ? "" : `?invoiceId=${invoiceId}`;
  const handler = admin ? adminInvoiceRoute.GET : userInvoiceRoute.GET;
  const base = admin ? `/api/admin/orders/${orderId}/invoice` : `/api/user/orders/${orderId}/invoice`;
  const req = new Request(`http://localhost${base}${query}`, {
    headers: { "accept-language": "en", ...(who === "anonymous" ? {} : { cookie: (await cookieFor(who)) ?? "" }) },
  });
  const res = await handler(req, { params: Promise.resolve({ orderId }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get("content-type")?.includes("json") ? (JSON.parse(bytes.toString("utf8")) as { message: string }) : null;
  return { status: res.status, headers: res.headers, bytes, message: json?.message };
}

/** WinAnsi (cp1252) bytes 0x80–0x9f that differ from Latin-1 and occur in our documents. */
const WIN_ANSI: Record<number, string> = { 0x80: "€", 0x84: "„", 0x85: "…", 0x93: "“", 0x94: "”", 0x96: "–", 0x97: "—" };

/**
 * The text a PDF shows, in drawing order: the strings of every text-showing operator in its
 * (deflated) content streams, decoded as WinAnsi (the standard Helvetica's encoding). react-pdf
 * draws a line in several runs, so runs are joined without a separator.
 */
function pdfText(bytes: Buffer): string {
  const decode = (hex: string) => [...Buffer.from(hex, "hex")].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join("");
  const out: string[] = [];
  const raw = bytes.toString("latin1");
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    let content: string;
    try {
      content = zlib.inflateSync(bytes.subarray(start, raw.indexOf("endstream", start))).toString("latin1");
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? "") : [op[2] ?? ""];
      out.push(hexes.map(decode).join(""));
    }
  }
  return out.join("");
}

function content(row: Invoice | null | undefined): InvoiceContent {
  if (!row) throw new Error("document expected");
  return row.content as InvoiceContent;
}
/** Checkout of personalised mugs: the customer confirms the withdrawal exclusion. */
const orderBody = (overrides: Record<string, unknown> = {}) => checkoutBody({ acceptWithdrawalWaiver: true, ...overrides });

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

/** Two mug lines, the second switched to 7 % VAT (order tax recomputed as placing would), paid. */
async function twoRateOrder(locale: "de" | "en"): Promise<string> {
  await fillCart("customer", customerId, 1);
  await fillCart("customer", customerId, 2, { keep: true });
  const placed = await placeOrder(
    orderBody({
      billingAddress: {
        firstName: "Berta",
        lastName: "Beispiel",
        street1: "Rechnungsallee 9",
        street2: "2. OG",
        city: "München",
        postalCode: "80331",
        countryCode: "DE",
      },
    }),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.order.id;
  const db = await getDb();
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  expect(items).toHaveLength(2);
  await db
    .update(orderItems)
    .set({ vatPercent: 7 })
    .where(eq(orderItems.id, items[1]?.id ?? 0));
  const totals = orderTotals(
    items.map((i, n) => ({ unitPriceCents: i.unitPriceCents, quantity: i.quantity, vatPercent: n === 1 ? 7 : i.vatPercent })),
    19,
  );
  await db.update(orders).set({ taxCents: totals.taxCents, locale }).where(eq(orders.id, orderId));
  expect((await paySandbox(orderId, card(CARDS.ok))).body.status).toBe("succeeded");
  return orderId;
}

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

/** A succeeded refund row (what H1's refund booking writes) for the order's payment. */
async function refundRow(orderId: string, amountCents: number): Promise<number> {
  const db = await getDb();
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "succeeded")));
  const [row] = await db
    .insert(refunds)
    .values({
      orderId,
      paymentId: payment?.id ?? 0,
      amountCents,
      reason: "test",
      status: "succeeded",
      idempotencyKey: randomUUID(),
      source: "admin",
    })
    .returning({ id: refunds.id });
  return row?.id ?? 0;
}

const creditNote = (orderId: string, refundId: number, amountCents: number) =>
  inTransaction((tx, effects) => issueCreditNote(tx, { orderId, refundId, amountCents }, effects));

describe("credit notes", () => {
  it("a full refund cancels the invoice: next number of the sequence, refers to it, mirrors its lines; once per refund", async () => {
    const orderId = await paidOrder("customer", customerId, "de");
    const invoice = await invoiceOf(orderId);
    const refundId = await refundRow(orderId, invoice.grossCents);
    const note = await creditNote(orderId, refundId, invoice.grossCents);
    expect(note).toMatchObject({
      kind: "credit_note",
      number: num(invoice.sequence + 1),
      refersToInvoiceId: invoice.id,
      refundId,
      grossCents: invoice.grossCents,
      taxCents: invoice.taxCents,
      netCents: invoice.netCents,
    });
    const c = content(note);
    expect(c.lines).toEqual(content(invoice).lines);
    expect(c.vatTotals).toEqual(content(invoice).vatTotals);
    expect(c).toMatchObject({
      kind: "credit_note",
      refersTo: { id: invoice.id, number: invoice.number, issueDate: content(invoice).issueDate },
      refund: { id: refundId, amountCents: invoice.grossCents, full: true },
    });
    const events = await (
      await getDb()
    )
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "credit_note_issued")));
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ invoiceId: note?.id, number: note?.number, refersTo: invoice.number, refundId }),
    ]);
    // The same refund again: the same credit note, no new number.
    expect((await creditNote(orderId, refundId, invoice.grossCents))?.id).toBe(note?.id);
    expect(await invoicesOf(orderId)).toHaveLength(2);
    // Nothing left to credit: a further refund (say, of a duplicate payment) gets no credit note.
    expect(await creditNote(orderId, await refundRow(orderId, 100), 100)).toBeNull();

    const pdf = await download(orderId, "customer", note?.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${note?.number}.pdf"`);
    const text = pdfText(pdf.bytes);
    expect(text).toContain(`Rechnungskorrektur (Stornorechnung) ${note?.number}`);
    expect(text).toContain(`Diese Rechnungskorrektur storniert die Rechnung ${invoice.number}`);
    expect(text).toContain(`-${(invoice.grossCents / 100).toFixed(2).replace(".", ",")}\u00a0€`);
    expect((await getOrder(orderId)).body.creditNotes).toEqual([{ id: note?.id, number: note?.number, grossCents: invoice.grossCents }]);
    // The list reads every order in one query (lines, addresses, payments, invoices): the same answer as the order's own route.
    expect((await listOrders("customer", "de")).body.find((o) => o.id === orderId)).toEqual(
      (await getOrder(orderId, "customer", "de")).body,
    );
  });

  it("a partial refund is split over the invoice's VAT rates in proportion, exact to the cent; the rest credits exactly what is left per rate", async () => {
    const orderId = await twoRateOrder("de");
    const invoice = await invoiceOf(orderId);
    const [r19, r7] = content(invoice).vatTotals;
    if (!r19 || !r7) throw new Error("two rates");
    const amount = 1000;
    const first = await creditNote(orderId, await refundRow(orderId, amount), amount);
    const c1 = content(first);
    // Largest remainder: each share rounded down, the cent left over to the larger fractional part.
    const exact19 = (amount * r19.grossCents) / invoice.grossCents;
    const exact7 = (amount * r7.grossCents) / invoice.grossCents;
    const [share19, share7] =
      exact19 % 1 >= exact7 % 1 ? [Math.ceil(exact19), Math.floor(exact7)] : [Math.floor(exact19), Math.ceil(exact7)];
    expect(share19 + share7).toBe(amount);
    expect(c1.vatTotals).toEqual([
      { vatPercent: 19, grossCents: share19, vatCents: vatInGross(share19, 19), netCents: share19 - vatInGross(share19, 19) },
      { vatPercent: 7, grossCents: share7, vatCents: vatInGross(share7, 7), netCents: share7 - vatInGross(share7, 7) },
    ]);
    expect(c1.lines.map((l) => [l.kind, l.vatPercent, l.grossCents])).toEqual([
      ["refund", 19, share19],
      ["refund", 7, share7],
    ]);
    expect(c1.lines[0]?.name).toBe(`Erstattung zu Rechnung ${invoice.number} (19 % USt)`);
    expect(first).toMatchObject({
      grossCents: amount,
      taxCents: vatInGross(share19, 19) + vatInGross(share7, 7),
      refersToInvoiceId: invoice.id,
    });
    expect(c1.refund).toMatchObject({ amountCents: amount, full: false });

    const rest = invoice.grossCents - amount;
    const second = await creditNote(orderId, await refundRow(orderId, rest + 500), rest + 500);
    expect(second?.grossCents).toBe(rest); // never more than was invoiced
    const c2 = content(second);
    for (const rate of [r19, r7]) {
      const credited = [c1, c2].map((c) => c.vatTotals.find((t) => t.vatPercent === rate.vatPercent));
      expect(credited.reduce((s, t) => s + (t?.grossCents ?? 0), 0)).toBe(rate.grossCents);
      expect(credited.reduce((s, t) => s + (t?.vatCents ?? 0), 0)).toBe(rate.vatCents);
      expect(credited.reduce((s, t) => s + (t?.netCents ?? 0), 0)).toBe(rate.netCents);
    }
    expect((first?.sequence ?? 0) + 1).toBe(second?.sequence);
    const text = pdfText((await download(orderId, "admin", first?.id, true)).bytes);
    expect(text).toContain(`Diese Rechnungskorrektur mindert den Betrag der Rechnung ${invoice.number}`);
    expect(text).toContain("-10,00\u00a0€");
  });
});

async function adminPost(handler: typeof adminRefundRoute.POST, orderId: string, action: string, body: unknown) {
  const res = await call<{ message?: string }>(handler, {
    method: "POST",
    path: `/api/admin/orders/${orderId}/${action}`,
    params: { orderId },
    body,
    cookie: await cookieFor("admin"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("credit notes through the admin API (refund booking)", () => {
  it("a partial refund and then the rest give two credit notes that together cancel the invoice exactly; the refund mail carries each", async () => {
    const orderId = await twoRateOrder("en");
    const invoice = await invoiceOf(orderId);
    await adminPost(adminRefundRoute.POST, orderId, "refund", { amountCents: 777, reason: "Chipped handle" });
    await adminPost(adminRefundRoute.POST, orderId, "refund", { reason: "Rest refunded" });
    const notes = (await invoicesOf(orderId)).filter((d) => d.kind === "credit_note");
    expect(notes.map((n) => [n.number, n.grossCents, n.refersToInvoiceId])).toEqual([
      [num(invoice.sequence + 1), 777, invoice.id],
      [num(invoice.sequence + 2), invoice.grossCents - 777, invoice.id],
    ]);
    for (const rate of content(invoice).vatTotals) {
      const credited = notes.map((n) => content(n).vatTotals.find((t) => t.vatPercent === rate.vatPercent));
      expect(credited.reduce((s, t) => s + (t?.vatCents ?? 0), 0)).toBe(rate.vatCents);
      expect(credited.reduce((s, t) => s + (t?.grossCents ?? 0), 0)).toBe(rate.grossCents);
    }
    const refundIds = (await (await getDb()).select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id))).map(
      (r) => r.id,
    );
    expect(notes.map((n) => n.refundId)).toEqual(refundIds);
    const mails = await (
      await getDb()
    )
      .select()
      .from(outgoingMail)
      .where(and(eq(outgoingMail.orderId, orderId), eq(outgoingMail.kind, "refunded")))
      .orderBy(asc(outgoingMail.id));
    expect(mails.map((m) => m.attachments)).toEqual(notes.map((n) => [{ type: "invoice", invoiceId: n.id }]));
    expect(notes.every((n) => n.pdfKey !== null)).toBe(true);
  });

  it("cancelling a paid order refunds it and issues a credit note that mirrors the invoice", async () => {
    const orderId = await paidOrder();
    const invoice = await invoiceOf(orderId);
    await adminPost(adminCancelRoute.POST, orderId, "cancel", { reason: "Out of stock" });
    const [note, ...more] = (await invoicesOf(orderId)).filter((d) => d.kind === "credit_note");
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      number: num(invoice.sequence + 1),
      grossCents: invoice.grossCents,
      taxCents: invoice.taxCents,
      refersToInvoiceId: invoice.id,
    });
    expect(content(note).lines).toEqual(content(invoice).lines);
    expect(content(note).refund?.full).toBe(true);
  });
});

describe("GET /api/user/orders/{orderId}/invoice and GET /api/admin/orders/{orderId}/invoice – access", () => {
  let orderId: string;
  let noteId: number;
  let unpaidId: string;
  let otherOrderId: string;
  let otherInvoiceId: number;
  beforeAll(async () => {
    orderId = await paidOrder();
    const invoice = await invoiceOf(orderId);
    noteId = (await creditNote(orderId, await refundRow(orderId, 200), 200))?.id ?? 0;
    expect(noteId).toBeGreaterThan(0);
    unpaidId = (await placedOrder("customer", customerId, { body: orderBody() })).order.id;
    otherOrderId = await paidOrder("other", await userIdOf(TEST_USERS.other.email));
    otherInvoiceId = (await invoiceOf(otherOrderId)).id;
    expect(invoice.id).not.toBe(otherInvoiceId);
  });

  it("user route: anonymous 401; another customer, an admin, unknown and malformed ids 404; the owner gets the invoice or a credit note", async () => {
    const anonymous = await download(orderId, "anonymous");
    expect(anonymous.status).toBe(401);
    expect(anonymous.message).toBe("Authentication required");
    for (const who of ["other", "admin"] as const) {
      const res = await download(orderId, who);
      expect(res.status).toBe(404);
      expect(res.message).toBe("Not found");
    }
    expect((await download(ANY_UUID, "customer")).status).toBe(404);
    expect((await download("not-a-uuid", "customer")).status).toBe(404);
    const own = await download(orderId, "customer");
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toBe(`attachment; filename="${(await invoiceOf(orderId)).number}.pdf"`);
    const note = await download(orderId, "customer", noteId);
    expect(note.status).toBe(200);
    expect(note.bytes.equals(own.bytes)).toBe(false);
    // Another order's document through this order: 404, as if it did not exist.
    const foreign = await download(orderId, "customer", otherInvoiceId);
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe("Not found");
    expect((await download(otherOrderId, "customer", otherInvoiceId)).status).toBe(404);
    expect((await download(orderId, "customer", 999_999)).status).toBe(404);
  });

  it("admin route: anonymous 401, customer 403, admin any order; unknown order 404; another order's document 404", async () => {
    expect((await download(orderId, "anonymous", undefined, true)).status).toBe(401);
    const customer = await download(orderId, "customer", undefined, true);
    expect(customer.status).toBe(403);
    expect(customer.message).toBe("You do not have permission to do this");
    for (const id of [orderId, otherOrderId]) {
      const res = await download(id, "admin", undefined, true);
      expect(res.status).toBe(200);
      expect(res.bytes.subarray(0, 4).toString()).toBe("%PDF");
    }
    expect((await download(orderId, "admin", noteId, true)).status).toBe(200);
    expect((await download(ANY_UUID, "admin", undefined, true)).status).toBe(404);
    const foreign = await download(orderId, "admin", otherInvoiceId, true);
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe("Not found");
  });

  it("an order without an invoice answers 409 on both routes", async () => {
    for (const admin of [false, true]) {
      const res = await download(unpaidId, admin ? "admin" : "customer", undefined, admin);
      expect(res.status).toBe(409);
      expect(res.message).toBe("No invoice has been issued for this order yet.");
    }
  });
});

describe("receipt", () => {
  it("an unpaid order has no receipt (409); once paid it has one", async () => {
    const { order } = await placedOrder("customer", customerId, { body: orderBody() });
    const unpaid = await getReceipt(order.id);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe("This order has no receipt: it has not been paid.");
    expect((await paySandbox(order.id, card(CARDS.ok))).body.status).toBe("succeeded");
    expect((await getReceipt(order.id)).status).toBe(200);
  });

  it("the receipt mail names the invoice and carries it as an attachment", async () => {
    const orderId = await paidOrder("customer", customerId, "de");
    const invoice = await invoiceOf(orderId);
    const [mail] = await (
      await getDb()
    )
      .select()
      .from(outgoingMail)
      .where(and(eq(outgoingMail.orderId, orderId), eq(outgoingMail.kind, "receipt")));
    expect(mail?.attachments).toEqual([{ type: "invoice", invoiceId: invoice.id }]);
    expect(mail?.text).toContain(`Deine Rechnung ${invoice.number} ist dieser E-Mail als PDF beigefügt.`);
    expect(mail?.html).toContain(`Deine Rechnung ${invoice.number} ist dieser E-Mail als PDF beigefügt.`);
  });

  it.skipIf(!fs.existsSync(path.join(process.cwd(), "lib/services/mail")))(
    "the delivered receipt mail in the outbox has the stored invoice PDF attached",
    async () => {
      const orderId = await paidOrder();
      const invoice = await invoiceOf(orderId);
      const stored = await getStorage().get(invoice.pdfKey ?? "");
      const [mail] = await (
        await getDb()
      )
        .select()
        .from(outgoingMail)
        .where(and(eq(outgoingMail.orderId, orderId), eq(outgoingMail.kind, "receipt")));
      expect(mail?.status).toBe("sent");
      const eml = outboxFiles(dataDir).find((f) => readableMail(f.text).includes(`Your invoice ${invoice.number} is attached`));
      expect(eml, "receipt in the outbox").toBeDefined();
      const text = eml?.text ?? "";
      expect(text).toMatch(new RegExp(`filename="?${invoice.number}\\.pdf"?`));
      const part = text.split(/\r?\n--/).find((p) => p.includes(`${invoice.number}.pdf`)) ?? "";
      const base64 = part
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join("")
        .replace(/\s+/g, "");
      expect(Buffer.from(base64, "base64").equals(stored ?? Buffer.alloc(1))).toBe(true);
    },
  );
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
  });
});
