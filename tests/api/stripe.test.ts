import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as webhookRoute from "@/app/api/webhooks/stripe/route";
import { getDb } from "@/db/client";
import { orders, outgoingMail, payments, webhookEvents, type Payment } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import type { PlaceOrderResponse } from "@/lib/schemas/orders";
import { call } from "../helpers/api";
import { startFakeStripe, type FakeIntent, type FakeStripe } from "../helpers/fake-stripe";
import {
  cancelOrder,
  card,
  CARDS,
  checkoutBody,
  fillCart,
  getCart,
  getOrder,
  listOrders,
  paymentConfig,
  paySandbox,
  placeOrder,
  retryPayment,
  userIdOf,
  type Lang,
} from "../helpers/orders";
import { TEST_USERS, tempDir } from "../helpers/test-db";

const WEBHOOK_SECRET = "whsec_test_0123456789abcdef";
const STRIPE_ENV = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_HOST", "STRIPE_API_PORT", "STRIPE_API_PROTOCOL"];

let fake: FakeStripe;
let customerId: number;

beforeAll(async () => {
  fake = await startFakeStripe();
  process.env.DATA_DIR = tempDir("shop-test-stripe-");
  delete process.env.SMTP_URL;
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_fake_0123456789",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake_0123456789",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: fake.url.host,
    STRIPE_API_PORT: String(fake.url.port),
    STRIPE_API_PROTOCOL: fake.url.protocol,
  });
  resetEnvCache();
  customerId = await userIdOf(TEST_USERS.customer.email);
});

afterAll(async () => {
  for (const key of STRIPE_ENV) delete process.env[key];
  resetEnvCache();
  await fake.close();
});

const intentRequests = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");

/** Places an order paid by Stripe (the customer's cart filled first); optionally with a given e-mail for counting mail. */
async function stripeOrder(opts: { lang?: Lang; email?: string } = {}): Promise<PlaceOrderResponse & { intent: FakeIntent; email: string }> {
  const email = opts.email ?? `stripe-${randomUUID().slice(0, 8)}@example.com`;
  await fillCart("customer", customerId);
  const res = await placeOrder(checkoutBody({ contact: { ...(checkoutBody().contact as object), email } }), "customer", opts.lang ?? "en");
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await paymentRowsOf(res.body.order.id);
  const intent = row ? fake.intents.get(row.providerPaymentId) : undefined;
  if (!intent) throw new Error("the fake saw the PaymentIntent");
  return { ...res.body, intent, email };
}

async function paymentRowsOf(orderId: string): Promise<Payment[]> {
  return (await getDb()).select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

async function mailCount(email: string): Promise<number> {
  return (await getDb()).$count(outgoingMail, eq(outgoingMail.to, email));
}

function stripeEvent(type: string, object: object, id = `evt_${randomUUID().replace(/-/g, "")}`): string {
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

const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });

async function sendWebhook(payload: string, signature: string | null = sign(payload)) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  return call<{ received?: boolean; outcome?: string; message?: string }>(webhookRoute.POST, { method: "POST", path: "/api/webhooks/stripe", body: payload, headers });
}

/** The intent as Stripe would send it in an event (and as the fake then reports it). */
function intentAs(intent: FakeIntent, changes: Partial<FakeIntent>): FakeIntent {
  Object.assign(intent, changes);
  return { ...intent };
}

const succeeded = (intent: FakeIntent) => intentAs(intent, { status: "succeeded", amount_received: intent.amount, last_payment_error: null });
const declined = (intent: FakeIntent) =>
  intentAs(intent, { status: "requires_payment_method", last_payment_error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." } });

async function paymentStatusOf(orderId: string) {
  return (await listOrders()).body.find((o) => o.id === orderId)?.paymentStatus;
}

describe("GET /api/user/payments/config with Stripe", () => {
  it("answers Stripe, test mode for an sk_test_ key, and the publishable key", async () => {
    const res = await paymentConfig();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: "stripe", testMode: true, publishableKey: "pk_test_fake_0123456789" });
  });

  it("503 'Payment provider key is missing' when the publishable key is not configured", async () => {
    delete process.env.STRIPE_PUBLISHABLE_KEY;
    resetEnvCache();
    try {
      const res = await paymentConfig();
      expect(res.status).toBe(503);
      expect(res.body.message).toBe("Payment provider key is missing");
      expect((await paymentConfig()).status).toBe(503);
    } finally {
      process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_fake_0123456789";
      resetEnvCache();
    }
  });
});

describe("POST /api/user/orders with Stripe", () => {
  it("creates a PaymentIntent for the server total, in euros, with metadata and OUR idempotency key", async () => {
    const before = intentRequests().length;
    const { order, payment, intent } = await stripeOrder();
    const sent = intentRequests().slice(before);
    expect(sent).toHaveLength(1);
    const request = sent[0];
    expect(request?.headers.authorization).toBe("Bearer sk_test_fake_0123456789");
    expect(request?.headers["idempotency-key"]).toBe(`order:${order.id}:attempt:1`);
    expect(request?.form).toMatchObject({
      amount: String(order.totalCents),
      currency: "eur",
      "automatic_payment_methods[enabled]": "true",
      "metadata[orderId]": order.id,
      "metadata[orderNumber]": order.orderNumber,
      "metadata[locale]": "en",
    });
    expect(payment).toEqual({
      id: expect.any(Number),
      provider: "stripe",
      status: "requires_payment",
      amountCents: order.totalCents,
      currency: "EUR",
      clientSecret: intent.client_secret,
      failureMessage: null,
    });
    const [row] = await paymentRowsOf(order.id);
    expect(row).toMatchObject({ provider: "stripe", providerPaymentId: intent.id, idempotencyKey: `order:${order.id}:attempt:1`, amountCents: order.totalCents });
  });

  it("a retried placement answers the same order and client secret without a second PaymentIntent", async () => {
    await fillCart("customer", customerId);
    const body = checkoutBody();
    const first = await placeOrder(body);
    const count = intentRequests().length;
    const second = await placeOrder(body);
    expect(second.status).toBe(201);
    expect(second.body.order.id).toBe(first.body.order.id);
    expect(second.body.payment.clientSecret).toBe(first.body.payment.clientSecret);
    expect(intentRequests().length).toBe(count);
  });

  it("a provider error the SDK retries is sent again with the same idempotency key", async () => {
    const before = intentRequests().length;
    fake.failNext("POST /v1/payment_intents", 1, 500);
    const { order } = await stripeOrder();
    const sent = intentRequests().slice(before);
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers["idempotency-key"])).toEqual([`order:${order.id}:attempt:1`, `order:${order.id}:attempt:1`]);
    expect(await paymentRowsOf(order.id)).toHaveLength(1);
  });

  it("a failed placement (502, nothing stored) retried by the customer sends the same key and makes one payment", async () => {
    await fillCart("customer", customerId);
    const body = checkoutBody();
    const before = intentRequests().length;
    fake.failNext("POST /v1/payment_intents", 1, 500, false);
    const failed = await placeOrder(body);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe("Could not prepare payment. Please try again.");
    const db = await getDb();
    expect(await db.$count(orders, and(eq(orders.userId, customerId), eq(orders.idempotencyKey, String(body.idempotencyKey))))).toBe(0);
    expect((await getCart("customer")).items).toHaveLength(1);

    const retried = await placeOrder(body);
    expect(retried.status).toBe(201);
    const keys = intentRequests().slice(before).map((r) => r.headers["idempotency-key"]);
    expect(keys).toEqual([`order:${retried.body.order.id}:attempt:1`, `order:${retried.body.order.id}:attempt:1`]);
    expect(await paymentRowsOf(retried.body.order.id)).toHaveLength(1);
  });

  it("the sandbox endpoints refuse to pay a Stripe order (409)", async () => {
    const { order } = await stripeOrder();
    const res = await paySandbox(order.id, card(CARDS.ok));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Test-mode payments are not available");
    expect(await paymentStatusOf(order.id)).toBe("unpaid");
  });
});

describe("POST /api/webhooks/stripe", () => {
  it("refuses a forged, altered, unsigned or stale event with 400 and changes nothing", async () => {
    const { order, intent } = await stripeOrder();
    const payload = stripeEvent("payment_intent.succeeded", { ...intent, status: "succeeded", amount_received: intent.amount });
    const forged = await sendWebhook(payload, sign(payload, { secret: "whsec_attacker" }));
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe("Invalid webhook signature");
    const altered = await sendWebhook(payload.replace(`"amount":${intent.amount}`, '"amount":1'), sign(payload));
    expect(altered.status).toBe(400);
    expect((await sendWebhook(payload, null)).status).toBe(400);
    expect((await sendWebhook(payload, "t=1,v1=deadbeef")).status).toBe(400);
    const stale = await sendWebhook(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    expect(stale.status).toBe(400);

    expect((await paymentRowsOf(order.id)).map((p) => p.status)).toEqual(["requires_payment"]);
    expect(await paymentStatusOf(order.id)).toBe("unpaid");
    expect(await (await getDb()).$count(webhookEvents, eq(webhookEvents.id, JSON.parse(payload).id))).toBe(0);
  });

  it("payment_intent.succeeded pays the order once: replays and duplicates have no second effect; a late failure never un-pays", async () => {
    const { order, intent, email } = await stripeOrder({ lang: "de" });
    const payload = stripeEvent("payment_intent.succeeded", succeeded(intent));
    const res = await sendWebhook(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "processed" });
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect((await getCart("customer")).items).toHaveLength(0);
    expect(await mailCount(email)).toBe(1);
    const [mail] = await (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.to, email));
    // The receipt's language is the one the order was placed in (PaymentIntent metadata).
    expect(mail).toMatchObject({ status: "sent", subject: `Deine MugMagic-Bestellung ${order.orderNumber}` });

    // Replayed (same event id): recorded once, no second effect.
    const replay = await sendWebhook(payload);
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe("duplicate");
    // Duplicated under another id: the state does not move again, no second mail.
    const duplicate = await sendWebhook(stripeEvent("payment_intent.succeeded", { ...intent }));
    expect(duplicate.status).toBe(200);
    expect(await mailCount(email)).toBe(1);

    // Out of order: failure and requires_action arriving after the success.
    const lateFailure = await sendWebhook(stripeEvent("payment_intent.payment_failed", { ...intent, status: "requires_payment_method", last_payment_error: { type: "card_error", code: "card_declined" } }));
    expect(lateFailure.status).toBe(200);
    expect((await sendWebhook(stripeEvent("payment_intent.requires_action", { ...intent, status: "requires_action" }))).status).toBe(200);
    expect((await paymentRowsOf(order.id)).map((p) => [p.status, p.failureMessage])).toEqual([["succeeded", null]]);
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await mailCount(email)).toBe(1);
    expect(await (await getDb()).$count(webhookEvents, eq(webhookEvents.id, JSON.parse(payload).id))).toBe(1);
  });

  it("payment_intent.payment_failed marks the attempt failed with the translated reason; a later success still pays", async () => {
    const { order, intent, email } = await stripeOrder();
    expect((await sendWebhook(stripeEvent("payment_intent.requires_action", intentAs(intent, { status: "requires_action" })))).status).toBe(200);
    expect((await paymentRowsOf(order.id))[0]?.status).toBe("requires_action");
    expect((await sendWebhook(stripeEvent("payment_intent.payment_failed", declined(intent)))).status).toBe(200);
    const [row] = await paymentRowsOf(order.id);
    expect(row).toMatchObject({ status: "failed", failureMessage: "payment.declined" });
    expect(await paymentStatusOf(order.id)).toBe("unpaid");
    expect((await getCart("customer")).items).toHaveLength(1);
    // The checkout sees the reason in the caller's language.
    const replay = await placeOrder(checkoutBody({ idempotencyKey: (await (await getDb()).select().from(orders).where(eq(orders.id, order.id)))[0]?.idempotencyKey }), "customer", "de");
    expect(replay.body.payment).toMatchObject({ status: "failed", failureMessage: "Deine Karte wurde abgelehnt.", clientSecret: intent.client_secret });

    // The customer tries another card on the same PaymentIntent and it succeeds.
    expect((await sendWebhook(stripeEvent("payment_intent.succeeded", succeeded(intent)))).status).toBe(200);
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect(await mailCount(email)).toBe(1);
  });

  it("a success for a different amount than the order's is not taken as payment", async () => {
    const { order, intent } = await stripeOrder();
    const res = await sendWebhook(stripeEvent("payment_intent.succeeded", { ...intent, status: "succeeded", amount: 1, amount_received: 1 }));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe("ignored");
    expect(await paymentStatusOf(order.id)).toBe("unpaid");
  });

  it("unknown event types and unknown PaymentIntents answer 200 and change nothing", async () => {
    const unknownType = await sendWebhook(stripeEvent("customer.created", { id: "cus_1", object: "customer" }));
    expect(unknownType.status).toBe(200);
    expect(unknownType.body.outcome).toBe("ignored");
    const unknownIntent = await sendWebhook(stripeEvent("payment_intent.succeeded", { id: "pi_unknown", object: "payment_intent", status: "succeeded", amount: 100, amount_received: 100, metadata: {} }));
    expect(unknownIntent.status).toBe(200);
    expect(unknownIntent.body.outcome).toBe("ignored");
  });

  it("charge.refunded (full refund) marks a paid order refunded; a partial refund leaves it paid", async () => {
    const { order, intent } = await stripeOrder();
    await sendWebhook(stripeEvent("payment_intent.succeeded", succeeded(intent)));
    const charge = { id: "ch_1", object: "charge", payment_intent: intent.id, amount: intent.amount, amount_refunded: 100, refunded: false };
    expect((await sendWebhook(stripeEvent("charge.refunded", charge))).status).toBe(200);
    expect(await paymentStatusOf(order.id)).toBe("paid");
    expect((await sendWebhook(stripeEvent("charge.refunded", { ...charge, amount_refunded: intent.amount, refunded: true }))).status).toBe(200);
    expect(await paymentStatusOf(order.id)).toBe("refunded");
    // A success replayed under a new id after the refund does not pay it again.
    await sendWebhook(stripeEvent("payment_intent.succeeded", { ...intent }));
    expect(await paymentStatusOf(order.id)).toBe("refunded");
  });
});

describe("reconciliation, retry and cancellation with Stripe", () => {
  it("GET /api/user/orders/{orderId} asks Stripe first: a success whose webhook is late still shows paid", async () => {
    const { order, intent, email } = await stripeOrder();
    succeeded(intent);
    const res = await getOrder(order.id);
    expect(res.status).toBe(200);
    expect(res.body.paymentStatus).toBe("paid");
    expect(await mailCount(email)).toBe(1);
    // The webhook arriving afterwards changes nothing.
    await sendWebhook(stripeEvent("payment_intent.succeeded", { ...intent }));
    expect(await mailCount(email)).toBe(1);
  });

  it("POST …/payment after a failure cancels the old PaymentIntent and creates attempt 2 with its own key", async () => {
    const { order, intent } = await stripeOrder();
    await sendWebhook(stripeEvent("payment_intent.payment_failed", declined(intent)));
    const before = fake.requests.length;
    const res = await retryPayment(order.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("requires_payment");
    const sent = fake.requests.slice(before).filter((r) => r.method === "POST");
    expect(sent.map((r) => r.path)).toEqual([`/v1/payment_intents/${intent.id}/cancel`, "/v1/payment_intents"]);
    expect(sent[1]?.headers["idempotency-key"]).toBe(`order:${order.id}:attempt:2`);
    const rows = await paymentRowsOf(order.id);
    expect(rows.map((r) => r.status)).toEqual(["cancelled", "requires_payment"]);
    expect(res.body.clientSecret).toBe(fake.intents.get(rows[1]?.providerPaymentId ?? "")?.client_secret);
    // Asked again: the same open attempt, no new PaymentIntent.
    const count = intentRequests().length;
    expect((await retryPayment(order.id)).body.id).toBe(res.body.id);
    expect(intentRequests().length).toBe(count);
  });

  it("cancelling a paid order refunds it through Stripe with an idempotency key", async () => {
    const { order, intent } = await stripeOrder();
    await sendWebhook(stripeEvent("payment_intent.succeeded", succeeded(intent)));
    const [payment] = await paymentRowsOf(order.id);
    const before = fake.requests.length;
    const res = await cancelOrder(order.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const refunds = fake.requests.slice(before).filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.form.payment_intent).toBe(intent.id);
    expect(refunds[0]?.headers["idempotency-key"]).toBe(`order:${order.id}:refund:${payment?.id}`);
    // Stripe's charge.refunded arriving afterwards is harmless.
    const late = await sendWebhook(stripeEvent("charge.refunded", { id: "ch_2", object: "charge", payment_intent: intent.id, refunded: true }));
    expect(late.status).toBe(200);
    expect((await paymentRowsOf(order.id)).map((p) => p.status)).toEqual(["refunded"]);
    expect((await cancelOrder(order.id)).status).toBe(409);
  });

  it("cancelling an unpaid order cancels its PaymentIntent", async () => {
    const { order, intent } = await stripeOrder();
    const before = fake.requests.length;
    const res = await cancelOrder(order.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", paymentStatus: "unpaid" });
    expect(fake.requests.slice(before).some((r) => r.method === "POST" && r.path === `/v1/payment_intents/${intent.id}/cancel`)).toBe(true);
    expect(intent.status).toBe("canceled");
    expect((await paymentRowsOf(order.id)).map((p) => p.status)).toEqual(["cancelled"]);
    // A success event for the cancelled intent cannot pay the cancelled order.
    await sendWebhook(stripeEvent("payment_intent.succeeded", { ...intent, status: "succeeded", amount_received: intent.amount }));
    expect(await paymentStatusOf(order.id)).toBe("unpaid");
  });

  it("cancelling an order whose payment succeeded at Stripe before the webhook came refunds it", async () => {
    const { order, intent } = await stripeOrder();
    succeeded(intent);
    const res = await cancelOrder(order.id);
    expect(res.status).toBe(200);
    expect(res.body.paymentStatus).toBe("refunded");
  });
});

describe("POST /api/webhooks/stripe without a webhook secret", () => {
  it("answers 503 (Stripe retries later) and records nothing", async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    resetEnvCache();
    try {
      const payload = stripeEvent("payment_intent.succeeded", { id: "pi_x", object: "payment_intent" });
      const res = await sendWebhook(payload);
      expect(res.status).toBe(503);
      expect(await (await getDb()).$count(webhookEvents, eq(webhookEvents.id, JSON.parse(payload).id))).toBe(0);
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
      resetEnvCache();
    }
  });
});
