import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoices, orders, users } from "@/db/schema";
import { formatEuro } from "@/lib/format";
import { bookSucceededRefund } from "@/lib/services/orders";
import { inTransaction } from "@/lib/services/orders/core/unit-of-work";
import { cancelOrder, getOrder } from "../helpers/orders";
import {
  adminId,
  admin,
  eventsOf,
  mailsOf,
  order,
  paymentRows,
  refundRows,
  setupOrderActionFixtures,
  snapshot,
} from "../helpers/admin-order-actions";

setupOrderActionFixtures();

describe("POST /api/admin/orders/{orderId}/refund", () => {
  it("full by default: the payment is refunded, the timeline says so, the customer is mailed; again → 409 nothing left", async () => {
    const o = await order();
    const res = await admin("refund", o.id, { reason: "Mug arrived broken" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: "pending",
      paymentStatus: "refunded",
      refundedCents: o.totalCents,
      refundableCents: 0,
      canRefund: false,
    });
    const [payment] = await paymentRows(o.id);
    expect(payment).toMatchObject({ status: "refunded", refundedCents: o.totalCents });
    const [refund, ...others] = await refundRows(o.id);
    expect(others).toHaveLength(0);
    expect(refund).toMatchObject({
      status: "succeeded",
      amountCents: o.totalCents,
      reason: "Mug arrived broken",
      source: "admin",
      createdBy: adminId,
      idempotencyKey: `order:${o.id}:refund:${refund?.id}`,
    });
    expect(refund?.providerRefundId).toMatch(/^sbx_re_/);
    const event = (await eventsOf(o.id)).find((e) => e.type === "refunded");
    expect(event).toMatchObject({ actor: "admin", actorUserId: adminId, note: "Mug arrived broken" });
    expect(event?.data).toMatchObject({ refundId: refund?.id, paymentId: payment?.id, amountCents: o.totalCents });
    const [mail] = await mailsOf(o.id, "refunded");
    expect(mail?.subject).toBe(`Refund for your MugMagic order ${o.orderNumber}`);
    expect(mail?.text).toContain(`we have refunded ${formatEuro(o.totalCents, "en")} for your order ${o.orderNumber}`);
    expect(mail?.text).toContain("Reason: Mug arrived broken");
    const mine = await getOrder(o.id, o.buyer);
    expect(mine.body).toMatchObject({ paymentStatus: "refunded", creditNotes: [expect.objectContaining({ kind: "cancellation" })] });

    const again = await admin("refund", o.id, { reason: "again" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Nothing is left to refund on this order.");
  });

  it("a credit note for the refunded amount is issued, refers to the invoice and is attached to the mail", async () => {
    const o = await order();
    await admin("refund", o.id, { amountCents: 300, reason: "Scratch" });
    const db = await getDb();
    const [refund] = await refundRows(o.id);
    const [invoice] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, o.id), eq(invoices.kind, "invoice")));
    const [creditNote] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, o.id), eq(invoices.kind, "credit_note")));
    const [mail] = await mailsOf(o.id, "refunded");
    expect(invoice).toBeDefined();
    expect(creditNote).toMatchObject({ refundId: refund?.id, grossCents: 300, refersToInvoiceId: invoice?.id });
    expect(mail?.attachments).toEqual([{ type: "invoice", invoiceId: creditNote?.id }]);
    expect(mail?.text).toContain("The credit note is attached to this email.");
  });

  it("partial refunds add up; more than is left is refused with the maximum; the rest by default", async () => {
    const o = await order({ lang: "de" });
    const first = await admin("refund", o.id, { amountCents: 500, reason: "Discount" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ paymentStatus: "partially_refunded", refundedCents: 500, refundableCents: o.totalCents - 500 });
    expect((await paymentRows(o.id))[0]).toMatchObject({ status: "succeeded", refundedCents: 500 });
    // The customer sees it too: not "paid" any more, and the correction beside the invoice.
    const mine = await getOrder(o.id, o.buyer, "de");
    expect(mine.body).toMatchObject({
      paymentStatus: "partially_refunded",
      creditNotes: [expect.objectContaining({ kind: "correction" })],
    });
    const second = await admin("refund", o.id, { amountCents: 300, reason: "More discount" });
    expect(second.body).toMatchObject({ refundedCents: 800, refundableCents: o.totalCents - 800 });

    const before = await snapshot(o.id);
    const tooMuch = await admin("refund", o.id, { amountCents: o.totalCents - 800 + 1, reason: "Too much" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe(`The refund exceeds what was paid and not yet refunded (${formatEuro(o.totalCents - 800, "en")}).`);
    expect(await snapshot(o.id)).toEqual(before);

    const rest = await admin("refund", o.id, { reason: "Rest" });
    expect(rest.body).toMatchObject({ paymentStatus: "refunded", refundedCents: o.totalCents, refundableCents: 0 });
    expect((await refundRows(o.id)).map((r) => [r.amountCents, r.status])).toEqual([
      [500, "succeeded"],
      [300, "succeeded"],
      [o.totalCents - 800, "succeeded"],
    ]);
    expect((await paymentRows(o.id))[0]).toMatchObject({ status: "refunded", refundedCents: o.totalCents });
    expect((await eventsOf(o.id)).filter((e) => e.type === "refunded").map((e) => e.data?.amountCents)).toEqual([
      500,
      300,
      o.totalCents - 800,
    ]);
    // Three mails, in the order's language.
    const mails = await mailsOf(o.id, "refunded");
    expect(mails.map((m) => m.subject)).toEqual(Array(3).fill(`Erstattung zu deiner MugMagic-Bestellung ${o.orderNumber}`));
    expect(mails[0]?.text).toContain(`${formatEuro(500, "de")} auf dein ursprüngliches Zahlungsmittel erstattet`);
  });

  it("two refunds at the same time never give back more than was paid", async () => {
    const o = await order();
    const results = await Promise.all([
      admin("refund", o.id, { reason: "first" }),
      admin("refund", o.id, { reason: "second" }),
      admin("refund", o.id, { amountCents: 100, reason: "third" }),
    ]);
    // Whatever the order they ran in: exactly one of the two full refunds got the money (all or what the 100 left).
    expect(
      results
        .slice(0, 2)
        .map((r) => r.status)
        .sort(),
    ).toEqual([200, 409]);
    for (const r of results) if (r.status !== 200) expect([409, 422]).toContain(r.status);
    const booked = (await refundRows(o.id)).filter((r) => r.status === "succeeded");
    expect(booked.reduce((sum, r) => sum + r.amountCents, 0)).toBe(o.totalCents);
    expect((await paymentRows(o.id))[0]).toMatchObject({ status: "refunded", refundedCents: o.totalCents });
  });

  it("an unpaid order has nothing to refund (409)", async () => {
    const o = await order({ paid: false });
    const before = await snapshot(o.id);
    const res = await admin("refund", o.id, { reason: "x" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Nothing is left to refund on this order.");
    expect(await snapshot(o.id)).toEqual(before);
  });

  it("422 without a reason or with an amount that is not positive", async () => {
    const o = await order();
    const noReason = await admin("refund", o.id, { amountCents: 100 });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors?.reason).toBe("Please give a reason.");
    const zero = await admin("refund", o.id, { amountCents: 0, reason: "x" });
    expect(zero.status).toBe(422);
    expect(zero.body.errors?.amountCents).toBe("The amount must be greater than zero.");
    expect(await refundRows(o.id)).toEqual([]);
  });
});

describe("cancelling a paid order", () => {
  it("admin: refunded in full first, then cancelled; one 'cancelled' mail says so", async () => {
    const o = await order();
    const res = await admin("cancel", o.id, { reason: "Out of stock" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      refundedCents: o.totalCents,
      cancelReason: "Out of stock",
      actions: [],
    });
    expect((await paymentRows(o.id)).map((p) => p.status)).toEqual(["refunded"]);
    expect((await refundRows(o.id)).map((r) => [r.amountCents, r.status, r.source])).toEqual([[o.totalCents, "succeeded", "admin"]]);
    const types = (await eventsOf(o.id)).map((e) => e.type);
    expect(types.indexOf("refunded")).toBeGreaterThan(types.indexOf("paid"));
    expect(types.indexOf("cancelled")).toBeGreaterThan(types.indexOf("refunded"));
    const cancelled = (await eventsOf(o.id)).find((e) => e.type === "cancelled");
    expect(cancelled).toMatchObject({
      fromStatus: "pending",
      toStatus: "cancelled",
      actor: "admin",
      actorUserId: adminId,
      note: "Out of stock",
    });
    expect(await mailsOf(o.id, "refunded")).toHaveLength(0);
    const [mail] = await mailsOf(o.id, "cancelled");
    expect(mail?.subject).toBe(`Your MugMagic order ${o.orderNumber} has been cancelled`);
    expect(mail?.text).toContain(`We have refunded ${formatEuro(o.totalCents, "en")} to your original payment method.`);
    expect(mail?.text).toContain("Reason: Out of stock");
    // The credit note for the whole amount goes with the cancellation mail.
    const [refund] = await refundRows(o.id);
    const [creditNote] = await (
      await getDb()
    )
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, o.id), eq(invoices.kind, "credit_note")));
    expect(creditNote).toMatchObject({ refundId: refund?.id, grossCents: o.totalCents });
    expect(mail?.attachments).toEqual([{ type: "invoice", invoiceId: creditNote?.id }]);
    expect(mail?.text).toContain("The cancellation invoice is attached to this email.");
    expect(res.body.invoices.map((i) => i.kind)).toEqual(["invoice", "credit_note"]);
  });

  it("customer: the same path through POST /api/user/orders/{orderId}/cancel, in the order's language", async () => {
    const o = await order({ lang: "de" });
    const res = await cancelOrder(o.id, o.buyer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded", cancellable: false });
    expect((await refundRows(o.id)).map((r) => [r.amountCents, r.status, r.source, r.createdBy])).toEqual([
      [o.totalCents, "succeeded", "customer", o.buyer.id],
    ]);
    expect((await eventsOf(o.id)).find((e) => e.type === "cancelled")).toMatchObject({ actor: "customer", actorUserId: o.buyer.id });
    const [mail] = await mailsOf(o.id, "cancelled");
    expect(mail?.subject).toBe(`Deine MugMagic-Bestellung ${o.orderNumber} wurde storniert`);
    expect(mail?.text).toContain(`Wir haben dir ${formatEuro(o.totalCents, "de")} auf dein ursprüngliches Zahlungsmittel erstattet.`);
  });

  it("a partly refunded order is cancelled with the rest refunded", async () => {
    const o = await order();
    await admin("refund", o.id, { amountCents: 200, reason: "Discount" });
    const res = await admin("cancel", o.id, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", refundedCents: o.totalCents });
    expect((await refundRows(o.id)).map((r) => r.amountCents)).toEqual([200, o.totalCents - 200]);
  });

  it("an unpaid order: its attempt is cancelled, no refund, the mail says nothing was charged", async () => {
    const o = await order({ paid: false });
    // Mail about an unpaid order goes only to the ordering account's own proven address.
    const db = await getDb();
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, o.buyer.id));
    await db.update(orders).set({ email: o.buyer.email }).where(eq(orders.id, o.id));
    const res = await admin("cancel", o.id, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", paymentStatus: "unpaid", cancelReason: null });
    expect((await paymentRows(o.id)).map((p) => p.status)).toEqual(["cancelled"]);
    expect(await refundRows(o.id)).toEqual([]);
    expect((await mailsOf(o.id, "cancelled"))[0]?.text).toContain("You have not been charged for this order.");
  });

  it("admin cancel in production without a reason → 422 on reason, nothing changes (no refund); with a reason → cancelled", async () => {
    const o = await order();
    await admin("process", o.id);
    const before = await snapshot(o.id);
    for (const body of [{}, { reason: "   " }, { reason: null }]) {
      const res = await admin("cancel", o.id, body);
      expect(res.status).toBe(422);
      expect(res.body.errors?.reason).toBe("Please give a reason.");
    }
    expect(await snapshot(o.id)).toEqual(before);
    const ok = await admin("cancel", o.id, { reason: "Print failed twice" });
    expect(ok.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded", cancelReason: "Print failed twice" });
  });
});

describe("bookSucceededRefund (the provider announces a refund)", () => {
  it("a refund made at the provider is booked once: replays change nothing", async () => {
    const o = await order();
    const [payment] = await paymentRows(o.id);
    if (!payment) throw new Error("paid");
    const input = {
      orderId: o.id,
      paymentId: payment.id,
      amountCents: 250,
      providerRefundId: `sbx_re_dashboard_${randomUUID()}`,
      reason: "refunded at the provider",
      source: "provider" as const,
    };
    const first = await inTransaction((tx, effects) => bookSucceededRefund(tx, input, effects));
    expect(first).toMatchObject({ booked: true, fullyRefunded: false });
    const second = await inTransaction((tx, effects) => bookSucceededRefund(tx, input, effects));
    expect(second.booked).toBe(false);
    expect((await refundRows(o.id)).map((r) => [r.amountCents, r.status, r.source, r.providerRefundId])).toEqual([
      [250, "succeeded", "provider", input.providerRefundId],
    ]);
    expect((await paymentRows(o.id))[0]).toMatchObject({ status: "succeeded", refundedCents: 250 });
    expect((await eventsOf(o.id)).filter((e) => e.type === "refunded")).toHaveLength(1);
    expect(await mailsOf(o.id, "refunded")).toHaveLength(1);
    // The rest announced: fully refunded.
    const rest = await inTransaction((tx, effects) =>
      bookSucceededRefund(tx, { ...input, amountCents: o.totalCents - 250, providerRefundId: `${input.providerRefundId}_2` }, effects),
    );
    expect(rest).toMatchObject({ booked: true, fullyRefunded: true });
    expect((await paymentRows(o.id))[0]).toMatchObject({ status: "refunded", refundedCents: o.totalCents });
  });

  it("more than the payment holds is cut to what it holds and flagged", async () => {
    const o = await order();
    const [payment] = await paymentRows(o.id);
    if (!payment) throw new Error("paid");
    const booked = await inTransaction((tx, effects) =>
      bookSucceededRefund(
        tx,
        {
          orderId: o.id,
          paymentId: payment.id,
          amountCents: o.totalCents + 100,
          providerRefundId: `sbx_re_${randomUUID()}`,
          reason: "x",
          source: "provider",
        },
        effects,
      ),
    );
    expect(booked.refund?.amountCents).toBe(o.totalCents);
    expect((await paymentRows(o.id))[0]).toMatchObject({ status: "refunded", refundedCents: o.totalCents });
    expect((await eventsOf(o.id)).some((e) => e.type === "amount_mismatch")).toBe(true);
  });
});
