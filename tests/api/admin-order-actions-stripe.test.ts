import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as webhookRoute from "@/app/api/webhooks/stripe/route";
import { getDb } from "@/db/client";
import { invoices } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { bookSucceededRefund } from "@/lib/services/orders";
import { inTransaction } from "@/lib/services/orders/core/unit-of-work";
import { call } from "../helpers/api";
import { startFakeStripe, type FakeIntent, type FakeStripe } from "../helpers/fake-stripe";
import { checkoutBody, fillCart, getOrder, newCustomer, placeOrder, retryPayment } from "../helpers/orders";
import {
  STRIPE_ENV,
  admin,
  eventsOf,
  mailsOf,
  orderRow,
  paymentRows,
  refundRows,
  setupOrderActionFixtures,
} from "../helpers/admin-order-actions";

setupOrderActionFixtures();

describe("with Stripe (fake server)", () => {
  const WEBHOOK_SECRET = "whsec_test_admin_actions_0123456789";
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_fake_0123456789",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake_0123456789",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: fake.url.host,
      STRIPE_API_PORT: String(fake.url.port),
      STRIPE_API_PROTOCOL: fake.url.protocol,
    });
    resetEnvCache();
  });

  afterAll(async () => {
    for (const key of STRIPE_ENV) delete process.env[key];
    resetEnvCache();
    await fake.close();
  });

  function stripeEvent(type: string, object: object): string {
    const id = `evt_${randomUUID().replace(/-/g, "")}`;
    return JSON.stringify({
      id,
      object: "event",
      api_version: "2025-01-27.acacia",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
  }

  async function sendWebhook(payload: string) {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await call<{ outcome?: string; message?: string }>(webhookRoute.POST, {
      method: "POST",
      path: "/api/webhooks/stripe",
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  }

  const intentOf = (providerPaymentId: string | null | undefined): FakeIntent => {
    const intent = fake.intents.get(providerPaymentId ?? "");
    if (!intent) throw new Error("the fake knows the PaymentIntent");
    return intent;
  };

  const paySucceeded = (intent: FakeIntent) =>
    sendWebhook(
      stripeEvent(
        "payment_intent.succeeded",
        Object.assign(intent, { status: "succeeded", amount_received: intent.amount, last_payment_error: null }),
      ),
    );

  /** A customer's order paid by Stripe (success announced by the webhook). */
  async function stripeOrder(opts: { paid?: boolean } = {}) {
    const buyer = await newCustomer();
    await fillCart(buyer, buyer.id);
    const res = await placeOrder(checkoutBody({ acceptWithdrawalWaiver: true }), buyer);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const o = res.body.order;
    const [row] = await paymentRows(o.id);
    const intent = intentOf(row?.providerPaymentId);
    if (opts.paid !== false) await paySucceeded(intent);
    return { id: o.id, orderNumber: o.orderNumber, totalCents: o.totalCents, intent, buyer };
  }

  const refundRequests = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");

  it("a partial refund asks Stripe for that amount with the refund's own idempotency key", async () => {
    const o = await stripeOrder();
    const before = refundRequests().length;
    const res = await admin("refund", o.id, { amountCents: 500, reason: "Discount" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = refundRequests().slice(before);
    expect(sent).toHaveLength(1);
    const [refund] = await refundRows(o.id);
    expect(sent[0]?.form).toMatchObject({ payment_intent: o.intent.id, amount: "500" });
    expect(sent[0]?.headers["idempotency-key"]).toBe(refund?.idempotencyKey);
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 500, providerRefundId: [...fake.refunds.values()].at(-1)?.id });
    expect(res.body).toMatchObject({ refundedCents: 500, refundableCents: o.totalCents - 500 });
  });

  it("Stripe refusing the refund: 502, the order and payment stay as they were, refund_failed in the timeline; a retry works", async () => {
    const o = await stripeOrder();
    fake.failNext("POST /v1/refunds", 1, 400);
    const res = await admin("refund", o.id, { reason: "Broken" });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe("The payment provider could not be reached. Please try again.");
    expect((await orderRow(o.id)).status).toBe("pending");
    expect((await paymentRows(o.id))[0]).toMatchObject({ status: "succeeded", refundedCents: 0 });
    const [failed] = await refundRows(o.id);
    expect(failed).toMatchObject({ status: "failed", amountCents: o.totalCents, providerRefundId: null });
    const types = (await eventsOf(o.id)).map((e) => e.type);
    expect(types).toContain("refund_failed");
    expect(types).not.toContain("refunded");
    expect(await mailsOf(o.id, "refunded")).toHaveLength(0);
    expect(await (await getDb()).$count(invoices, and(eq(invoices.orderId, o.id), eq(invoices.kind, "credit_note")))).toBe(0);

    const retry = await admin("refund", o.id, { reason: "Broken" });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ paymentStatus: "refunded", refundedCents: o.totalCents });
    const rows = await refundRows(o.id);
    expect(rows.map((r) => r.status)).toEqual(["failed", "succeeded"]);
    expect(rows[1]?.idempotencyKey).not.toBe(rows[0]?.idempotencyKey);
  });

  it("cancelling a paid order while Stripe refuses the refund: 502 and the order is NOT cancelled", async () => {
    const o = await stripeOrder();
    fake.failNext("POST /v1/refunds", 1, 400);
    const res = await admin("cancel", o.id, { reason: "Customer asked" });
    expect(res.status).toBe(502);
    expect(await orderRow(o.id)).toMatchObject({ status: "pending", cancelledAt: null, cancelReason: null });
    expect((await paymentRows(o.id))[0]).toMatchObject({ status: "succeeded", refundedCents: 0 });
    const types = (await eventsOf(o.id)).map((e) => e.type);
    expect(types).toContain("refund_failed");
    expect(types).not.toContain("cancelled");
    expect(await mailsOf(o.id, "cancelled")).toHaveLength(0);
    // Asked again: refunded and cancelled.
    const again = await admin("cancel", o.id, { reason: "Customer asked" });
    expect(again.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
  });

  it("a refund Stripe reports as pending holds the money until Stripe confirms it; the confirmation is booked once", async () => {
    const o = await stripeOrder();
    fake.setRefundStatus("pending");
    try {
      const res = await admin("refund", o.id, { amountCents: 400, reason: "Slow bank" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ refundedCents: 0, refundableCents: o.totalCents - 400 });
    } finally {
      fake.setRefundStatus("succeeded");
    }
    const [pending] = await refundRows(o.id);
    expect(pending).toMatchObject({ status: "pending", amountCents: 400 });
    expect(pending?.providerRefundId).toMatch(/^re_fake_/);
    // Nothing more than what is left can be refunded meanwhile.
    const tooMuch = await admin("refund", o.id, { amountCents: o.totalCents - 399, reason: "x" });
    expect(tooMuch.status).toBe(422);
    // Stripe's confirmation (as the webhook hands it over), twice.
    const [payment] = await paymentRows(o.id);
    const input = {
      orderId: o.id,
      paymentId: payment?.id ?? 0,
      amountCents: 400,
      providerRefundId: pending?.providerRefundId ?? "",
      reason: "refunded at Stripe",
      source: "provider" as const,
    };
    expect((await inTransaction((tx, effects) => bookSucceededRefund(tx, input, effects))).booked).toBe(true);
    expect((await inTransaction((tx, effects) => bookSucceededRefund(tx, input, effects))).booked).toBe(false);
    expect((await refundRows(o.id)).map((r) => [r.id, r.status, r.reason])).toEqual([[pending?.id, "succeeded", "Slow bank"]]);
    expect((await paymentRows(o.id))[0]).toMatchObject({ status: "succeeded", refundedCents: 400 });
    expect((await eventsOf(o.id)).filter((e) => e.type === "refunded")).toHaveLength(1);
  });

  it("a second successful payment (an old PaymentIntent paid after all) is refunded automatically and shows in the timeline", async () => {
    const o = await stripeOrder({ paid: false });
    // The first card is declined; the retry cancels intent 1 and pays with intent 2.
    Object.assign(o.intent, {
      status: "requires_payment_method",
      last_payment_error: { type: "card_error", code: "card_declined", decline_code: "generic_decline" },
    });
    await sendWebhook(stripeEvent("payment_intent.payment_failed", { ...o.intent }));
    expect((await retryPayment(o.id, o.buyer)).status).toBe(200);
    const [first, second] = await paymentRows(o.id);
    expect(first?.status).toBe("cancelled");
    await paySucceeded(intentOf(second?.providerPaymentId));
    expect((await getOrder(o.id, o.buyer)).body.paymentStatus).toBe("paid");
    // Stripe reports intent 1 paid after all (a race at the provider).
    await paySucceeded(o.intent);

    const rows = await paymentRows(o.id);
    expect(rows.map((p) => [p.status, p.refundedCents])).toEqual([
      ["refunded", o.totalCents],
      ["succeeded", 0],
    ]);
    const sent = refundRequests().filter((r) => r.form.payment_intent === o.intent.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.form.amount).toBe(String(o.totalCents));
    const events = await eventsOf(o.id);
    const types = events.map((e) => e.type);
    expect(types).toContain("duplicate_payment");
    expect(types.indexOf("refunded")).toBeGreaterThan(types.indexOf("duplicate_payment"));
    expect(events.find((e) => e.type === "refunded")).toMatchObject({
      actor: "system",
      data: expect.objectContaining({ paymentId: first?.id, amountCents: o.totalCents }),
    });
    // The order stays paid and open; the duplicate was never invoiced, so no credit note.
    expect(await orderRow(o.id)).toMatchObject({ status: "pending" });
    expect(await (await getDb()).$count(invoices, and(eq(invoices.orderId, o.id), eq(invoices.kind, "credit_note")))).toBe(0);
    const [mail] = await mailsOf(o.id, "refunded");
    expect(mail?.text).toContain(`your order ${o.orderNumber} was paid twice.`);
  });
});
