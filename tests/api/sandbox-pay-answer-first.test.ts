import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders, outgoingMail, payments } from "@/db/schema";
import { unpaidOrderLapsed } from "@/lib/domain/order-flow";
import { flushAfterResponse, holdAfterResponse } from "@/lib/request-context/after-response";
import { expireUnpaidOrders } from "@/lib/services/orders/expiry";
import { card, CARDS, getOrder, newCustomer, paymentRows, paySandbox, placedOrder } from "../helpers/orders";
import { customerId, invoiceOf, orderBody, setupInvoiceFixtures } from "../helpers/invoices";

setupInvoiceFixtures();

const HOUR = 3_600_000;
const receiptsOf = async (orderId: string) =>
  (await (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.orderId, orderId))).filter((m) => m.kind === "receipt");

describe("the sandbox click answers first; the invoice PDF and the receipt's delivery follow", () => {
  it("at the answer the order is paid, the invoice issued and the receipt queued; rendering and sending come after", async () => {
    const { order } = await placedOrder("customer", customerId, { body: orderBody() });
    const release = holdAfterResponse();
    let atAnswer;
    try {
      const paid = await paySandbox(order.id, card(CARDS.ok));
      expect(paid.body.status).toBe("succeeded");
      atAnswer = {
        order: (await getOrder(order.id)).body.paymentStatus,
        invoicePdf: (await invoiceOf(order.id)).pdfKey,
        receipts: (await receiptsOf(order.id)).map((m) => m.status),
      };
    } finally {
      release();
    }
    expect(atAnswer).toEqual({ order: "paid", invoicePdf: null, receipts: ["queued"] });
    await flushAfterResponse();
    expect((await invoiceOf(order.id)).pdfKey).toBeTruthy();
    expect((await receiptsOf(order.id)).map((m) => m.status)).toEqual(["sent"]);
  });

  it("a double click still pays once and mails one receipt", async () => {
    const { order } = await placedOrder("customer", customerId, { body: orderBody() });
    const [a, b] = await Promise.all([paySandbox(order.id, card(CARDS.ok)), paySandbox(order.id, card(CARDS.ok))]);
    expect([a.body.status, b.body.status]).toEqual(["succeeded", "succeeded"]);
    await flushAfterResponse();
    expect((await paymentRows(order.id)).filter((p) => p.status === "succeeded")).toHaveLength(1);
    expect(await receiptsOf(order.id)).toHaveLength(1);
  });
});

describe("a lapsed order is refused by the click without a sweep of the customer's orders", () => {
  // A fresh buyer each: checkout re-uses a buyer's open unpaid order.
  async function aged(hoursAgo: number, attemptHoursAgo = hoursAgo) {
    const buyer = await newCustomer();
    const { order } = await placedOrder(buyer, buyer.id, { body: orderBody() });
    const db = await getDb();
    const then = new Date(Date.now() - hoursAgo * HOUR);
    await db.update(orders).set({ createdAt: then, updatedAt: then }).where(eq(orders.id, order.id));
    const attemptAt = new Date(Date.now() - attemptHoursAgo * HOUR);
    await db.update(payments).set({ createdAt: attemptAt }).where(eq(payments.orderId, order.id));
    return { buyer, id: order.id };
  }
  const statusOf = async (id: string) => (await (await getDb()).select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;

  it("past the deadline: 409 and nothing charged; the order is left for the sweep, which cancels it", async () => {
    const { buyer, id } = await aged(49);
    const res = await paySandbox(id, card(CARDS.ok), buyer);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order can no longer be paid");
    expect((await paymentRows(id)).map((p) => p.status)).toEqual(["requires_payment"]);
    expect(await statusOf(id)).toBe("pending");
    expect(await expireUnpaidOrders(new Date(), { userId: buyer.id })).toBe(1);
    expect(await statusOf(id)).toBe("cancelled");
    expect((await paySandbox(id, card(CARDS.ok), buyer)).status).toBe(409);
  });

  it("an old order with a recent attempt, or one inside the deadline, is paid", async () => {
    for (const { buyer, id } of [await aged(49, 1), await aged(47)]) {
      const res = await paySandbox(id, card(CARDS.ok), buyer);
      expect(res.body.status, id).toBe("succeeded");
    }
  });
});

describe("unpaidOrderLapsed", () => {
  const cutoff = new Date("2026-12-01T12:00:00Z");
  const before = new Date(cutoff.getTime() - 1);
  const pending = { status: "pending" as const, updatedAt: before };
  it.each([
    ["pending, quiet since before the cutoff, no attempt", pending, [], true],
    ["an old failed attempt does not count as activity", pending, [{ status: "failed" as const, createdAt: before }], true],
    ["an attempt at the cutoff counts", pending, [{ status: "requires_payment" as const, createdAt: cutoff }], false],
    ["money moved", pending, [{ status: "processing" as const, createdAt: before }], false],
    ["changed at the cutoff", { ...pending, updatedAt: cutoff }, [], false],
    ["not pending", { ...pending, status: "processing" as const }, [], false],
  ] as const)("%s", (_, order, attempts, lapsed) => {
    expect(unpaidOrderLapsed(order, attempts, cutoff)).toBe(lapsed);
  });
});
