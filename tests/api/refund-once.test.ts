import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import * as refundRoute from "@/app/api/admin/orders/[orderId]/refund/route";
import * as cancelRoute from "@/app/api/admin/orders/[orderId]/cancel/route";
import * as webhookRoute from "@/app/api/webhooks/stripe/route";
import { getDb } from "@/db/client";
import { invoices, orderEvents, payments, refunds } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { runScheduledJobs } from "@/lib/services/scheduled-jobs";
import { call, cookieFor } from "../helpers/api";
import { startFakeStripe, type FakeIntent, type FakeStripe } from "../helpers/fake-stripe";
import { chargeOf } from "../helpers/stripe-webhooks";
import { tempDir } from "../helpers/test-db";
import { checkoutBody, fillCart, newCustomer, placeOrder, type ErrorBody } from "../helpers/orders";

/**
 * Money is booked once: a refund is failed only when the provider refused it; a lost answer, a
 * timeout, 429 or 5xx keep it pending, and the admin's retry (same dialog key) or the scheduled pass
 * finish it with the same idempotency key, or find it by our refund id in the provider's metadata.
 */

const WEBHOOK_SECRET = "whsec_test_refund_once_0123456789";
const CRON_SECRET = "cron-secret-refund-once-0123456789";
const STRIPE_ENV = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_HOST",
  "STRIPE_API_PORT",
  "STRIPE_API_PROTOCOL",
  "CRON_SECRET",
];
let fake: FakeStripe;

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-refund-once-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  delete process.env.SMTP_URL;
  fake = await startFakeStripe();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_fake_0123456789",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake_0123456789",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: fake.url.host,
    STRIPE_API_PORT: String(fake.url.port),
    STRIPE_API_PROTOCOL: fake.url.protocol,
    CRON_SECRET,
  });
  resetEnvCache();
});

afterAll(async () => {
  for (const key of STRIPE_ENV) delete process.env[key];
  resetEnvCache();
  await fake.close();
});

async function sendWebhook(type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, "")}`,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await call(webhookRoute.POST, {
    method: "POST",
    path: "/api/webhooks/stripe",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const refundRows = async (orderId: string) =>
  (await getDb()).select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
const paymentRow = async (orderId: string) => (await (await getDb()).select().from(payments).where(eq(payments.orderId, orderId)))[0];
const creditNotes = async (orderId: string) =>
  (await getDb())
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "credit_note")));
const eventTypes = async (orderId: string) =>
  (await (await getDb()).select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((e) => e.type);
const providerRefundsOf = (intent: FakeIntent) => [...fake.refunds.values()].filter((r) => r.payment_intent === intent.id);

/** A customer's order paid by Stripe (the webhook announces the success). */
async function paidOrder() {
  const buyer = await newCustomer("refund-once");
  await fillCart(buyer, buyer.id);
  const res = await placeOrder(checkoutBody(), buyer);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = await paymentRow(res.body.order.id);
  const intent = fake.intents.get(row?.providerPaymentId ?? "");
  if (!intent) throw new Error("the fake knows the PaymentIntent");
  await sendWebhook(
    "payment_intent.succeeded",
    Object.assign(intent, { status: "succeeded", amount_received: intent.amount, last_payment_error: null }),
  );
  return { id: res.body.order.id, totalCents: res.body.order.totalCents, intent };
}

async function adminRefund(orderId: string, body: Record<string, unknown>) {
  return call<AdminOrderDetail & ErrorBody>(refundRoute.POST, {
    method: "POST",
    path: `/api/admin/orders/${orderId}/refund`,
    params: { orderId },
    body,
    cookie: await cookieFor("admin"),
  });
}

const cron = () => runScheduledJobs(`Bearer ${CRON_SECRET}`);

/** Our books equal the provider's: one succeeded row per provider refund, with its amount; payment and credit notes agree. */
async function booksMatchProvider(orderId: string, intent: FakeIntent) {
  const provider = providerRefundsOf(intent);
  const ours = (await refundRows(orderId)).filter((r) => r.status === "succeeded");
  expect(ours.map((r) => [r.providerRefundId, r.amountCents]).sort()).toEqual(provider.map((r) => [r.id, r.amount]).sort());
  const sum = provider.reduce((a, r) => a + r.amount, 0);
  expect((await paymentRow(orderId))?.refundedCents).toBe(sum);
  const notes = await creditNotes(orderId);
  expect(notes).toHaveLength(provider.length);
}

describe("a refund whose answer is lost", () => {
  // The SDK tries three times (maxNetworkRetries 2): every try is dropped after Stripe acted.
  const LOST = 3;

  it("stays pending (no refund_failed), and the admin's retry with the dialog's key books exactly the one provider refund", async () => {
    const o = await paidOrder();
    const key = randomUUID();
    fake.dropNextConnection("POST /v1/refunds", LOST);
    const first = await adminRefund(o.id, { amountCents: 300, reason: "Goodwill", idempotencyKey: key });
    expect(first.status).toBe(502);
    expect(providerRefundsOf(o.intent)).toHaveLength(1);
    expect((await refundRows(o.id)).map((r) => r.status)).toEqual(["pending"]);
    expect(await eventTypes(o.id)).not.toContain("refund_failed");

    const retry = await adminRefund(o.id, { amountCents: 300, reason: "Goodwill", idempotencyKey: key });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({ refundedCents: 300, refundableCents: o.totalCents - 300 });
    expect(providerRefundsOf(o.intent)).toHaveLength(1);
    expect((await refundRows(o.id)).map((r) => r.status)).toEqual(["succeeded"]);
    await booksMatchProvider(o.id, o.intent);
  });

  it("the scheduled pass finishes it with the same idempotency key; a second pass changes nothing", async () => {
    const o = await paidOrder();
    fake.dropNextConnection("POST /v1/refunds", LOST);
    expect((await adminRefund(o.id, { reason: "Broken" })).status).toBe(502);
    const [pending] = await refundRows(o.id);
    expect(pending?.status).toBe("pending");
    const before = fake.requests.length;
    expect((await cron()).finishedRefunds).toBe(1);
    const resent = fake.requests.slice(before).filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    for (const r of resent) expect(r.headers["idempotency-key"]).toBe(pending?.idempotencyKey);
    expect(providerRefundsOf(o.intent)).toHaveLength(1);
    expect(await paymentRow(o.id)).toMatchObject({ status: "refunded", refundedCents: o.totalCents });
    await booksMatchProvider(o.id, o.intent);
    expect((await cron()).finishedRefunds).toBe(0);
    expect(providerRefundsOf(o.intent)).toHaveLength(1);
  });

  it("after the provider forgot the key, the scheduled pass finds the refund by our refund id in its metadata", async () => {
    const o = await paidOrder();
    fake.dropNextConnection("POST /v1/refunds", LOST);
    expect((await adminRefund(o.id, { amountCents: 500, reason: "Goodwill" })).status).toBe(502);
    const [pending] = await refundRows(o.id);
    expect(providerRefundsOf(o.intent)[0]?.metadata.refundId).toBe(String(pending?.id));
    fake.forgetIdempotencyKeys();
    expect((await cron()).finishedRefunds).toBe(1);
    expect(providerRefundsOf(o.intent)).toHaveLength(1);
    await booksMatchProvider(o.id, o.intent);
  });

  it("Stripe's charge.refunded for it books our pending row (found by our refund id in the refund's metadata), once", async () => {
    const o = await paidOrder();
    fake.dropNextConnection("POST /v1/refunds", LOST);
    expect((await adminRefund(o.id, { amountCents: 400, reason: "Goodwill" })).status).toBe(502);
    const [made] = providerRefundsOf(o.intent);
    if (!made) throw new Error("the provider made the refund");
    await sendWebhook("charge.refunded", {
      ...chargeOf(o.intent, made.amount),
      refunds: { object: "list", has_more: false, data: [made] },
    });
    expect((await refundRows(o.id)).map((r) => [r.status, r.providerRefundId, r.reason])).toEqual([["succeeded", made.id, "Goodwill"]]);
    await booksMatchProvider(o.id, o.intent);
    expect((await cron()).finishedRefunds).toBe(0);
    expect(providerRefundsOf(o.intent)).toHaveLength(1);
  });

  it("Stripe's refund.updated for it books our pending row the same way", async () => {
    const o = await paidOrder();
    fake.dropNextConnection("POST /v1/refunds", LOST);
    expect((await adminRefund(o.id, { amountCents: 250, reason: "Goodwill" })).status).toBe(502);
    const [made] = providerRefundsOf(o.intent);
    if (!made) throw new Error("the provider made the refund");
    await sendWebhook("refund.updated", made);
    expect((await refundRows(o.id)).map((r) => [r.status, r.providerRefundId])).toEqual([["succeeded", made.id]]);
    await booksMatchProvider(o.id, o.intent);
  });

  it("an admin cancel whose refund answer is lost: 502, not cancelled, nothing failed; asked again it is refunded once and cancelled", async () => {
    const o = await paidOrder();
    fake.dropNextConnection("POST /v1/refunds", LOST);
    const ask = async () =>
      call<AdminOrderDetail & ErrorBody>(cancelRoute.POST, {
        method: "POST",
        path: `/api/admin/orders/${o.id}/cancel`,
        params: { orderId: o.id },
        body: { reason: "Asked" },
        cookie: await cookieFor("admin"),
      });
    expect((await ask()).status).toBe(502);
    expect((await refundRows(o.id)).map((r) => r.status)).toEqual(["pending"]);
    const again = await ask();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(providerRefundsOf(o.intent)).toHaveLength(1);
    await booksMatchProvider(o.id, o.intent);
  });
});

describe("which provider errors fail a refund", () => {
  it.each([500, 503, 429, 409])("%i keeps it pending; the scheduled pass finishes it once", async (status) => {
    const o = await paidOrder();
    fake.failNext("POST /v1/refunds", 1, status, false);
    expect((await adminRefund(o.id, { reason: "Goodwill" })).status).toBe(502);
    expect((await refundRows(o.id)).map((r) => r.status)).toEqual(["pending"]);
    expect(await eventTypes(o.id)).not.toContain("refund_failed");
    expect((await cron()).finishedRefunds).toBe(1);
    expect(providerRefundsOf(o.intent)).toHaveLength(1);
    await booksMatchProvider(o.id, o.intent);
  });

  it("a definitive refusal (400 invalid_request_error) is failed with refund_failed; the scheduled pass leaves it", async () => {
    const o = await paidOrder();
    fake.failNext("POST /v1/refunds", 1, 400);
    expect((await adminRefund(o.id, { reason: "Goodwill" })).status).toBe(502);
    expect((await refundRows(o.id)).map((r) => r.status)).toEqual(["failed"]);
    expect(await eventTypes(o.id)).toContain("refund_failed");
    expect((await cron()).finishedRefunds).toBe(0);
    expect(providerRefundsOf(o.intent)).toHaveLength(0);
  });
});

describe("an idempotency_error is no refusal", () => {
  it("a 400 idempotency_error (the key was used with other parameters: the refund may have gone through) keeps the refund pending", async () => {
    const o = await paidOrder();
    fake.failNext("POST /v1/refunds", 1, 400, undefined, "idempotency_error");
    expect((await adminRefund(o.id, { reason: "Goodwill" })).status).toBe(502);
    expect((await refundRows(o.id)).map((r) => r.status)).toEqual(["pending"]);
    expect(await eventTypes(o.id)).not.toContain("refund_failed");
  });
});

describe("the admin's refund dialog sends an idempotency key", () => {
  it("a double-submitted dialog (two concurrent requests, one key) makes one refund", async () => {
    const o = await paidOrder();
    const body = { amountCents: 200, reason: "Goodwill", idempotencyKey: randomUUID() };
    const [a, b] = await Promise.all([adminRefund(o.id, body), adminRefund(o.id, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(providerRefundsOf(o.intent)).toHaveLength(1);
    expect(await refundRows(o.id)).toHaveLength(1);
    await booksMatchProvider(o.id, o.intent);
  });

  it("a malformed key is 422", async () => {
    const o = await paidOrder();
    const res = await adminRefund(o.id, { reason: "Goodwill", idempotencyKey: "x" });
    expect(res.status).toBe(422);
    expect(res.body.errors?.idempotencyKey).toBeTruthy();
  });
});
