import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orderEvents, outgoingMail, refunds } from "@/db/schema";
import { getStorage } from "@/lib/integrations/storage";
import { vatInGross } from "@/lib/domain/pricing";
import * as adminRefundRoute from "@/app/api/admin/orders/[orderId]/refund/route";
import * as adminCancelRoute from "@/app/api/admin/orders/[orderId]/cancel/route";
import { TEST_USERS } from "../helpers/test-db";
import {
  card,
  CARDS,
  getOrder,
  getReceipt,
  listOrders,
  outboxFiles,
  paySandbox,
  placedOrder,
  readableMail,
  userIdOf,
} from "../helpers/orders";
import {
  ANY_UUID,
  adminPost,
  content,
  creditNote,
  customerId,
  dataDir,
  download,
  invoiceOf,
  invoicesOf,
  num,
  orderBody,
  paidOrder,
  pdfText,
  refundRow,
  setupInvoiceFixtures,
  twoRateOrder,
} from "../helpers/invoices";

setupInvoiceFixtures();

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
    // The whole invoice credited: a Stornorechnung (never "Gutschrift", which is self-billing in German VAT law).
    expect(text).toContain(`Stornorechnung ${note?.number}`);
    expect(text).toContain(`Diese Stornorechnung storniert die Rechnung ${invoice.number}`);
    expect(text).not.toMatch(/Gutschrift|Rechnungskorrektur/);
    expect(text).toContain(`-${(invoice.grossCents / 100).toFixed(2).replace(".", ",")}\u00a0€`);
    expect((await getOrder(orderId)).body.creditNotes).toEqual([
      { id: note?.id, number: note?.number, grossCents: invoice.grossCents, kind: "cancellation" },
    ]);
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
    expect(text).toContain(`Rechnungskorrektur ${first?.number}`);
    expect(text).toContain(`Diese Rechnungskorrektur mindert den Betrag der Rechnung ${invoice.number}`);
    expect(text).not.toMatch(/Gutschrift|Stornorechnung/);
    expect(text).toContain("-10,00\u00a0€");
  });
});

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
      // "View invoice" opens the PDF in the browser's viewer; saving keeps the invoice number.
      expect(res.headers.get("content-disposition")).toBe(`inline; filename="${(await invoiceOf(id)).number}.pdf"`);
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
    // The invoice, then the line's picture shown inline.
    expect(mail?.attachments).toEqual([
      { type: "invoice", invoiceId: invoice.id },
      { type: "mockup", orderItemId: expect.any(Number) as number, cid: expect.stringMatching(/^mockup-\d+@mugmagic$/) as string },
    ]);
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
