import { describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoices, orders, refunds, webhookEvents } from "@/db/schema";
import { cancelOrder, checkoutBody, fillCart, getOrder, newCustomer, placeOrder, retryPayment } from "../helpers/orders";
import {
  chargeOf,
  declined,
  deliver,
  disputeOf,
  intentAs,
  paymentRowsOf,
  sendWebhook,
  stripeEvent,
  stripeOrder,
  succeeded,
  timelineOf,
  fakeStripeForFile,
} from "../helpers/stripe-webhooks";

/**
 * Every ordering of Stripe's events ends in the right state: two successes, refunds (partial, from
 * the dashboard, before the success, pending ones of ours), disputes, and events whose amount or
 * currency is not the payment's.
 */
const stripe = fakeStripeForFile("shop-test-stripe-orderings-");

async function documentsOf(orderId: string) {
  const rows = await (await getDb()).select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
  return rows.map((d) => [d.kind, d.grossCents]);
}

async function refundsOf(orderId: string) {
  return (await getDb()).select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}

async function orderRow(orderId: string) {
  const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error("order exists");
  return row;
}

const typesOf = async (orderId: string) => (await timelineOf(orderId)).map((e) => e.type);
const count = (types: string[], type: string) => types.filter((t) => t === type).length;

describe("two successful payments for one order", () => {
  it.each(["the new attempt first", "the cancelled attempt first"])(
    "an attempt cancelled for a retry succeeds anyway at Stripe (%s): it is refunded automatically ('duplicate_payment'), the order is paid once",
    async (ordering) => {
      const { order, intent: first, buyer } = await stripeOrder(stripe());
      await deliver("payment_intent.payment_failed", declined(first));
      expect((await retryPayment(order.id, buyer)).status).toBe(200);
      const [a, b] = await paymentRowsOf(order.id);
      const second = stripe().intents.get(b?.providerPaymentId ?? "");
      if (!a || !b || !second) throw new Error("two attempts");
      expect(first.status).toBe("canceled");
      // A race at Stripe: the first intent was confirmed just before it was cancelled.
      const events = [
        () => deliver("payment_intent.succeeded", succeeded(second)),
        () => deliver("payment_intent.succeeded", succeeded(first)),
      ];
      if (ordering !== "the new attempt first") events.reverse();
      for (const send of events) expect(await send()).toBe("processed");

      const rows = await paymentRowsOf(order.id);
      expect(rows.map((p) => [p.id, p.status, p.refundedCents])).toEqual([
        [a.id, "refunded", a.amountCents],
        [b.id, "succeeded", 0],
      ]);
      const types = await typesOf(order.id);
      expect(count(types, "paid")).toBe(1);
      expect(count(types, "duplicate_payment")).toBe(1);
      expect((await timelineOf(order.id)).find((e) => e.type === "duplicate_payment")?.data).toMatchObject({ paymentId: a.id });
      const [refund] = await refundsOf(order.id);
      expect(refund).toMatchObject({ paymentId: a.id, status: "succeeded", amountCents: a.amountCents });
      expect([...stripe().refunds.values()].filter((r) => r.payment_intent === first.id).map((r) => r.amount)).toEqual([a.amountCents]);
      // Invoiced once; the duplicate was never invoiced, so it gets no credit note.
      expect(await documentsOf(order.id)).toEqual([["invoice", order.totalCents]]);
      expect((await getOrder(order.id, buyer)).body).toMatchObject({ status: "pending", paymentStatus: "paid" });
    },
  );

  it("a success for an order cancelled meanwhile is refunded automatically; the order stays cancelled", async () => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    expect((await cancelOrder(order.id, buyer)).status).toBe(200);
    expect(await deliver("payment_intent.succeeded", succeeded(intent))).toBe("processed");
    const [row] = await paymentRowsOf(order.id);
    expect(row).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
    expect(await typesOf(order.id)).toContain("duplicate_payment");
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await documentsOf(order.id)).toEqual([]);
  });

  it("the success of an attempt made for an earlier total (the cart changed at checkout) is refunded, never taken for the new total", async () => {
    const { order, intent: old, buyer } = await stripeOrder(stripe());
    await deliver("payment_intent.payment_failed", declined(old));
    await fillCart(buyer, buyer.id, 2);
    const again = await placeOrder(checkoutBody(), buyer);
    expect(again.status).toBe(201);
    expect(again.body.order.id).toBe(order.id);
    expect(again.body.order.totalCents).not.toBe(order.totalCents);
    expect(old.status).toBe("canceled"); // at Stripe, before the new amount was asked for
    const rows = await paymentRowsOf(order.id);
    expect(rows.map((p) => [p.status, p.amountCents])).toEqual([
      ["cancelled", order.totalCents],
      ["requires_payment", again.body.order.totalCents],
    ]);
    expect(stripe().intents.get(rows[1]?.providerPaymentId ?? "")?.amount).toBe(again.body.order.totalCents);

    await deliver("payment_intent.succeeded", succeeded(old));
    expect((await paymentRowsOf(order.id)).map((p) => [p.status, p.refundedCents])).toEqual([
      ["refunded", order.totalCents],
      ["requires_payment", 0],
    ]);
    expect(await typesOf(order.id)).toContain("duplicate_payment");
    expect((await getOrder(order.id, buyer)).body.status).toBe("pending");
    expect(await documentsOf(order.id)).toEqual([]);
    // The order is still paid with its current attempt, for the new total.
    const retry = await retryPayment(order.id, buyer);
    expect(retry.body).toMatchObject({ id: rows[1]?.id, status: "requires_payment", amountCents: again.body.order.totalCents });
    const current = stripe().intents.get(rows[1]?.providerPaymentId ?? "");
    if (!current) throw new Error("the new PaymentIntent exists");
    await deliver("payment_intent.succeeded", succeeded(current));
    expect((await getOrder(order.id, buyer)).body.paymentStatus).toBe("paid");
    expect(await documentsOf(order.id)).toEqual([["invoice", again.body.order.totalCents]]);
  });
});

describe("refunds: partial, made in the Stripe dashboard, arriving before the success", () => {
  it("charge.refunded BEFORE payment_intent.succeeded: paid and refunded in one go (invoice and credit note), cancelled; the late success re-pays nothing", async () => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    succeeded(intent);
    expect(await deliver("charge.refunded", chargeOf(intent, intent.amount, [{ id: "re_dash_early", amount: intent.amount }]))).toBe(
      "processed",
    );
    expect((await paymentRowsOf(order.id)).map((p) => [p.status, p.refundedCents])).toEqual([["refunded", order.totalCents]]);
    expect((await getOrder(order.id, buyer)).body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await documentsOf(order.id)).toEqual([
      ["invoice", order.totalCents],
      ["credit_note", order.totalCents],
    ]);
    const before = await typesOf(order.id);
    expect(await deliver("payment_intent.succeeded", { ...intent })).toBe("processed");
    expect(await typesOf(order.id)).toEqual(before);
    expect((await paymentRowsOf(order.id)).map((p) => p.status)).toEqual(["refunded"]);
    expect(count(before, "paid")).toBe(1);
    expect((await refundsOf(order.id)).map((r) => [r.providerRefundId, r.source, r.amountCents])).toEqual([
      ["re_dash_early", "provider", order.totalCents],
    ]);
  });

  it("a partial refund before the success: paid, the part booked with its credit note, the order stays open; the late success changes nothing", async () => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    succeeded(intent);
    await deliver("charge.refunded", chargeOf(intent, 500));
    expect((await paymentRowsOf(order.id)).map((p) => [p.status, p.refundedCents])).toEqual([["succeeded", 500]]);
    expect((await getOrder(order.id, buyer)).body).toMatchObject({ status: "pending", paymentStatus: "partially_refunded" });
    expect(await documentsOf(order.id)).toEqual([
      ["invoice", order.totalCents],
      ["credit_note", 500],
    ]);
    await deliver("payment_intent.succeeded", { ...intent });
    expect((await paymentRowsOf(order.id)).map((p) => [p.status, p.refundedCents])).toEqual([["succeeded", 500]]);
    expect(count(await typesOf(order.id), "paid")).toBe(1);
  });

  it("refunds made in the Stripe dashboard: each booked once (replays book nothing), a credit note per refund, cancelled when nothing is left", async () => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(intent));
    const first = stripeEvent("charge.refunded", chargeOf(intent, 300, [{ id: "re_dash_1", amount: 300 }]));
    expect((await sendWebhook(first)).body.outcome).toBe("processed");
    expect((await sendWebhook(first)).body.outcome).toBe("duplicate");
    // The same state again under another event id.
    await deliver("charge.refunded", chargeOf(intent, 300, [{ id: "re_dash_1", amount: 300 }]));
    expect((await paymentRowsOf(order.id))[0]?.refundedCents).toBe(300);
    await deliver(
      "charge.refunded",
      chargeOf(intent, 500, [
        { id: "re_dash_2", amount: 200 },
        { id: "re_dash_1", amount: 300 },
      ]),
    );
    expect((await paymentRowsOf(order.id))[0]).toMatchObject({ status: "succeeded", refundedCents: 500 });
    expect((await getOrder(order.id, buyer)).body.status).toBe("pending");
    // The rest, announced without the refund list (newer API versions leave it out).
    await deliver("charge.refunded", chargeOf(intent, intent.amount));
    await deliver("charge.refunded", chargeOf(intent, intent.amount));
    expect((await paymentRowsOf(order.id))[0]).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
    expect((await refundsOf(order.id)).map((r) => [r.amountCents, r.status, r.source])).toEqual([
      [300, "succeeded", "provider"],
      [200, "succeeded", "provider"],
      [order.totalCents - 500, "succeeded", "provider"],
    ]);
    expect(await documentsOf(order.id)).toEqual([
      ["invoice", order.totalCents],
      ["credit_note", 300],
      ["credit_note", 200],
      ["credit_note", order.totalCents - 500],
    ]);
    const cancelled = (await timelineOf(order.id)).filter((e) => e.type === "cancelled");
    expect(cancelled.map((e) => [e.actor, e.fromStatus, e.toStatus])).toEqual([["provider", "pending", "cancelled"]]);
  });

  it.each([
    ["processing", "cancelled"],
    ["shipped", "shipped"],
  ] as const)("a full dashboard refund of a %s order: refunded with a credit note, the order ends %s", async (status, ends) => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(intent));
    await (await getDb()).update(orders).set({ status }).where(eq(orders.id, order.id));
    await deliver("charge.refunded", chargeOf(intent, intent.amount));
    expect((await getOrder(order.id, buyer)).body).toMatchObject({ status: ends, paymentStatus: "refunded" });
    expect(await documentsOf(order.id)).toEqual([
      ["invoice", order.totalCents],
      ["credit_note", order.totalCents],
    ]);
  });

  it("a refund of ours still pending at Stripe is completed by refund.updated; charge.refunded afterwards books nothing more", async () => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(intent));
    stripe().setRefundStatus("pending");
    try {
      expect((await cancelOrder(order.id, buyer)).status).toBe(200);
    } finally {
      stripe().setRefundStatus("succeeded");
    }
    const [pending] = await refundsOf(order.id);
    expect(pending).toMatchObject({ status: "pending", source: "customer" });
    const fakeRefund = stripe().refunds.get(pending?.providerRefundId ?? "");
    if (!fakeRefund) throw new Error("Stripe has the refund");
    fakeRefund.status = "succeeded";
    expect(await deliver("refund.updated", fakeRefund)).toBe("processed");
    expect(await deliver("charge.refunded", chargeOf(intent, intent.amount))).toBe("processed");
    expect((await refundsOf(order.id)).map((r) => [r.id, r.status, r.source])).toEqual([[pending?.id, "succeeded", "customer"]]);
    expect((await paymentRowsOf(order.id))[0]).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
    expect(await documentsOf(order.id)).toEqual([
      ["invoice", order.totalCents],
      ["credit_note", order.totalCents],
    ]);
  });

  it("a refund of ours still pending is completed by charge.refunded without a refund list too; a failed one is released with 'refund_failed'", async () => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(intent));
    stripe().setRefundStatus("pending");
    try {
      expect((await cancelOrder(order.id, buyer)).status).toBe(200);
    } finally {
      stripe().setRefundStatus("succeeded");
    }
    await deliver("charge.refunded", chargeOf(intent, intent.amount));
    expect((await refundsOf(order.id)).map((r) => [r.status, r.source])).toEqual([["succeeded", "customer"]]);
    expect((await paymentRowsOf(order.id))[0]?.status).toBe("refunded");

    const other = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(other.intent));
    stripe().setRefundStatus("pending");
    try {
      expect((await cancelOrder(other.order.id, other.buyer)).status).toBe(200);
    } finally {
      stripe().setRefundStatus("succeeded");
    }
    const [pending] = await refundsOf(other.order.id);
    const fakeRefund = stripe().refunds.get(pending?.providerRefundId ?? "");
    if (!fakeRefund) throw new Error("Stripe has the refund");
    fakeRefund.status = "failed";
    expect(await deliver("refund.failed", { ...fakeRefund, failure_reason: "expired_or_canceled_card" })).toBe("processed");
    expect((await refundsOf(other.order.id)).map((r) => r.status)).toEqual(["failed"]);
    expect(await typesOf(other.order.id)).toContain("refund_failed");
    expect((await paymentRowsOf(other.order.id))[0]).toMatchObject({ status: "succeeded", refundedCents: 0 });
  });
});

describe("disputes", () => {
  it("opened → 'dispute_opened'; closed as won → 'dispute_closed' only, the order stays paid", async () => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(intent));
    expect(await deliver("charge.dispute.created", disputeOf(intent, "needs_response"))).toBe("processed");
    expect(await deliver("charge.dispute.closed", disputeOf(intent, "won"))).toBe("processed");
    const types = await typesOf(order.id);
    expect(count(types, "dispute_opened")).toBe(1);
    expect(count(types, "dispute_closed")).toBe(1);
    expect(types).not.toContain("refunded");
    expect((await getOrder(order.id, buyer)).body).toMatchObject({ status: "pending", paymentStatus: "paid" });
  });

  it("closed as lost: the disputed amount counts as refunded (credit note), the order is cancelled; a repeated closing books nothing more", async () => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(intent));
    await deliver("charge.dispute.created", disputeOf(intent, "needs_response"));
    await deliver("charge.dispute.closed", disputeOf(intent, "lost"));
    await deliver("charge.dispute.closed", disputeOf(intent, "lost"));
    expect((await paymentRowsOf(order.id))[0]).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
    expect((await refundsOf(order.id)).map((r) => [r.providerRefundId, r.source, r.reason])).toEqual([
      [`dp_${intent.id}`, "provider", "dispute lost"],
    ]);
    expect(await documentsOf(order.id)).toEqual([
      ["invoice", order.totalCents],
      ["credit_note", order.totalCents],
    ]);
    expect((await getOrder(order.id, buyer)).body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
  });
});

describe("amount and currency of every event are checked against the payment", () => {
  it.each([
    // The intent at Stripe stays unpaid: only the event claims a success (opening the order asks Stripe).
    [
      "payment_intent.succeeded in another currency",
      (i: ReturnType<typeof succeeded>) =>
        stripeEvent("payment_intent.succeeded", { ...i, status: "succeeded", amount_received: i.amount, currency: "usd" }),
    ],
    [
      "payment_intent.payment_failed for another amount",
      (i: ReturnType<typeof succeeded>) => stripeEvent("payment_intent.payment_failed", { ...declined(i), amount: i.amount + 1 }),
    ],
  ])("%s: flagged 'amount_mismatch' in the timeline, nothing else changes", async (_name, make) => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    const res = await sendWebhook(make(intent));
    expect(res.body.outcome).toBe("flagged");
    expect((await paymentRowsOf(order.id)).map((p) => p.status)).toEqual(["requires_payment"]);
    expect(await typesOf(order.id)).toEqual(["placed", "amount_mismatch"]);
    expect((await getOrder(order.id, buyer)).body.paymentStatus).toBe("unpaid");
  });

  it("a refund in another currency or a dispute for more than was paid: flagged, nothing booked, the order stays paid", async () => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(intent));
    expect(await deliver("charge.refunded", { ...chargeOf(intent, intent.amount), currency: "usd" })).toBe("flagged");
    expect(await deliver("charge.dispute.closed", disputeOf(intent, "lost", intent.amount + 100))).toBe("flagged");
    expect(
      await deliver("charge.refunded", {
        ...chargeOf(intent, intent.amount),
        amount: intent.amount * 2,
        amount_refunded: intent.amount * 2,
      }),
    ).toBe("flagged");
    expect(count(await typesOf(order.id), "amount_mismatch")).toBe(3);
    expect(await refundsOf(order.id)).toEqual([]);
    expect((await getOrder(order.id, buyer)).body).toMatchObject({ status: "pending", paymentStatus: "paid" });
  });
});

describe("an event that overtakes the recording of its attempt", () => {
  it("a charge event for a PaymentIntent not recorded yet answers 409 (Stripe retries) and records nothing; once recorded, the retry is handled", async () => {
    const buyer = await newCustomer();
    await fillCart(buyer, buyer.id);
    stripe().loseNextAnswer("POST /v1/payment_intents", 1);
    expect((await placeOrder(checkoutBody(), buyer)).status).toBe(502);
    const intent = [...stripe().intents.values()].at(-1);
    if (!intent) throw new Error("intent created");
    const orderId = intent.metadata.orderId ?? "";
    succeeded(intent);
    const payload = stripeEvent("charge.refunded", chargeOf(intent, 200));
    const early = await sendWebhook(payload);
    expect(early.status).toBe(409);
    expect(await (await getDb()).$count(webhookEvents, eq(webhookEvents.id, JSON.parse(payload).id))).toBe(0);

    // The customer opens the order: the attempt is recorded (and reconciled: Stripe says succeeded).
    expect((await getOrder(orderId, buyer)).body.paymentStatus).toBe("paid");
    const retried = await sendWebhook(payload);
    expect(retried.status).toBe(200);
    expect(retried.body.outcome).toBe("processed");
    expect((await paymentRowsOf(orderId)).map((p) => [p.status, p.refundedCents])).toEqual([["succeeded", 200]]);
    expect(await (await getDb()).$count(refunds, and(eq(refunds.orderId, orderId), eq(refunds.status, "succeeded")))).toBe(1);
  });

  it("payment_intent.canceled after the order moved on changes nothing it should not", async () => {
    const { order, intent, buyer } = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(intent));
    await deliver("payment_intent.canceled", intentAs(intent, { status: "canceled" }));
    expect((await getOrder(order.id, buyer)).body.paymentStatus).toBe("paid");
  });
});
