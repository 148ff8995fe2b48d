import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders, outgoingMail, refunds, webhookEvents } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { expireUnpaidOrders } from "@/lib/services/orders/expiry";
import {
  cancelOrder,
  card,
  CARDS,
  checkoutBody,
  fillCart,
  getCart,
  getOrder,
  listOrders,
  newCustomer,
  paymentConfig,
  paySandbox,
  placeOrder,
  retryPayment,
  type Who,
} from "../helpers/orders";
import {
  chargeOf,
  declined,
  deliver,
  intentAs,
  paymentRowsOf,
  sendWebhook,
  sign,
  stripeEvent,
  stripeOrder,
  succeeded,
  timelineOf,
  fakeStripeForFile,
  WEBHOOK_SECRET,
  type Buyer,
} from "../helpers/stripe-webhooks";

const stripe = fakeStripeForFile();

let buyer: Buyer;
beforeAll(async () => {
  buyer = await newCustomer("stripe-config");
});

const intentRequests = () => stripe().requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
const buyerOf = (o: { buyer: Buyer }) => o.buyer;

async function mailCount(email: string): Promise<number> {
  return (await getDb()).$count(outgoingMail, eq(outgoingMail.to, email));
}

async function paymentStatusOf(orderId: string, who: Who) {
  return (await listOrders(who)).body.find((o) => o.id === orderId)?.paymentStatus;
}

describe("GET /api/user/payments/config with Stripe", () => {
  it("answers Stripe, test mode for an sk_test_ key, and the publishable key", async () => {
    const res = await paymentConfig(buyer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: "stripe", testMode: true, publishableKey: "pk_test_fake_0123456789" });
  });

  it("503 'Payment provider key is missing' when the publishable key is not configured", async () => {
    delete process.env.STRIPE_PUBLISHABLE_KEY;
    resetEnvCache();
    try {
      const res = await paymentConfig(buyer);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe("Payment provider key is missing");
      expect((await paymentConfig(buyer)).status).toBe(503);
    } finally {
      process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_fake_0123456789";
      resetEnvCache();
    }
  });
});

describe("POST /api/user/orders with Stripe", () => {
  it("creates a PaymentIntent for the server total, in euros, with metadata and OUR idempotency key", async () => {
    const before = intentRequests().length;
    const { order, payment, intent } = await stripeOrder(stripe());
    const sent = intentRequests().slice(before);
    expect(sent).toHaveLength(1);
    const request = sent[0];
    const [row] = await paymentRowsOf(order.id);
    expect(request?.headers.authorization).toBe("Bearer sk_test_fake_0123456789");
    expect(request?.headers["idempotency-key"]).toBe(`order:${order.id}:attempt:1`);
    expect(request?.form).toMatchObject({
      amount: String(order.totalCents),
      currency: "eur",
      "automatic_payment_methods[enabled]": "true",
      "metadata[orderId]": order.id,
      "metadata[orderNumber]": order.orderNumber,
      "metadata[locale]": "en",
      "metadata[paymentId]": String(row?.id),
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
    expect(row).toMatchObject({
      provider: "stripe",
      providerPaymentId: intent.id,
      idempotencyKey: `order:${order.id}:attempt:1`,
      amountCents: order.totalCents,
    });
  });

  it("a retried placement answers the same order and client secret without a second PaymentIntent", async () => {
    const who = await newCustomer();
    await fillCart(who, who.id);
    const body = checkoutBody();
    const first = await placeOrder(body, who);
    const count = intentRequests().length;
    const second = await placeOrder(body, who);
    expect(second.status).toBe(201);
    expect(second.body.order.id).toBe(first.body.order.id);
    expect(second.body.payment.clientSecret).toBe(first.body.payment.clientSecret);
    expect(intentRequests().length).toBe(count);
  });

  it("a provider error the SDK retries is sent again with the same idempotency key", async () => {
    const before = intentRequests().length;
    stripe().failNext("POST /v1/payment_intents", 1, 500);
    const { order } = await stripeOrder(stripe());
    const sent = intentRequests().slice(before);
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers["idempotency-key"])).toEqual([`order:${order.id}:attempt:1`, `order:${order.id}:attempt:1`]);
    expect(await paymentRowsOf(order.id)).toHaveLength(1);
  });

  it("Stripe unreachable: 502, the order is kept with its attempt 'creating'; the retried request sends the SAME key and records one payment", async () => {
    const who = await newCustomer();
    await fillCart(who, who.id);
    const body = checkoutBody();
    const before = intentRequests().length;
    stripe().failNext("POST /v1/payment_intents", 1, 500, false);
    const failed = await placeOrder(body, who);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe("Could not prepare payment. Please try again.");
    const [stored] = await (await getDb()).select().from(orders).where(eq(orders.userId, who.id));
    if (!stored) throw new Error("the order was committed before Stripe was called");
    expect((await paymentRowsOf(stored.id)).map((p) => [p.status, p.providerPaymentId])).toEqual([["creating", null]]);
    expect((await getCart(who)).items).toHaveLength(1);

    const retried = await placeOrder(body, who);
    expect(retried.status).toBe(201);
    expect(retried.body.order.id).toBe(stored.id);
    const keys = intentRequests()
      .slice(before)
      .map((r) => r.headers["idempotency-key"]);
    expect(keys).toEqual([`order:${stored.id}:attempt:1`, `order:${stored.id}:attempt:1`]);
    const rows = await paymentRowsOf(stored.id);
    expect(rows.map((p) => p.status)).toEqual(["requires_payment"]);
    expect(retried.body.payment.clientSecret).toBe(stripe().intents.get(rows[0]?.providerPaymentId ?? "")?.client_secret);
  });

  it("Stripe created the PaymentIntent but its answer was lost: opening the order re-calls Stripe with the same key and records THAT intent", async () => {
    const who = await newCustomer();
    await fillCart(who, who.id);
    const intentsBefore = stripe().intents.size;
    stripe().loseNextAnswer("POST /v1/payment_intents", 1);
    const lost = await placeOrder(checkoutBody(), who);
    expect(lost.status).toBe(502);
    expect(stripe().intents.size).toBe(intentsBefore + 1); // Stripe did create it
    const created = [...stripe().intents.values()].at(-1);
    const [stored] = await (await getDb()).select().from(orders).where(eq(orders.userId, who.id));
    if (!stored || !created) throw new Error("order and intent exist");
    expect((await paymentRowsOf(stored.id))[0]?.status).toBe("creating");

    const shown = await getOrder(stored.id, who);
    expect(shown.status).toBe(200);
    expect(shown.body.paymentStatus).toBe("unpaid");
    expect(stripe().intents.size).toBe(intentsBefore + 1); // the same key answered the same intent
    expect((await paymentRowsOf(stored.id)).map((p) => [p.status, p.providerPaymentId])).toEqual([["requires_payment", created.id]]);
    // The customer pays it: the webhook finds the attempt.
    await deliver("payment_intent.succeeded", succeeded(created));
    expect(await paymentStatusOf(stored.id, who)).toBe("paid");
  });

  it("a webhook that overtakes the recording of Stripe's answer finds the attempt by its metadata and records it", async () => {
    const who = await newCustomer();
    await fillCart(who, who.id);
    stripe().loseNextAnswer("POST /v1/payment_intents", 1);
    expect((await placeOrder(checkoutBody(), who)).status).toBe(502);
    const created = [...stripe().intents.values()].at(-1);
    if (!created) throw new Error("intent created");
    const orderId = created.metadata.orderId ?? "";
    expect(await deliver("payment_intent.succeeded", succeeded(created))).toBe("processed");
    expect((await paymentRowsOf(orderId)).map((p) => [p.status, p.providerPaymentId])).toEqual([["succeeded", created.id]]);
    expect(await paymentStatusOf(orderId, who)).toBe("paid");
  });

  it("the sandbox endpoints refuse to pay a Stripe order (409)", async () => {
    const placed = await stripeOrder(stripe());
    const res = await paySandbox(placed.order.id, card(CARDS.ok), buyerOf(placed));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Test-mode payments are not available");
    expect(await paymentStatusOf(placed.order.id, buyerOf(placed))).toBe("unpaid");
  });
});

describe("POST /api/webhooks/stripe", () => {
  it("refuses a forged, altered, unsigned or stale event with 400 and changes nothing", async () => {
    const { order: o, intent, buyer: who } = await stripeOrder(stripe());
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

    expect((await paymentRowsOf(o.id)).map((p) => p.status)).toEqual(["requires_payment"]);
    expect(await paymentStatusOf(o.id, who)).toBe("unpaid");
    expect(await (await getDb()).$count(webhookEvents, eq(webhookEvents.id, JSON.parse(payload).id))).toBe(0);
  });

  it("payment_intent.succeeded pays the order once: replays and duplicates have no second effect; a late failure never un-pays", async () => {
    const { order: o, intent, email, buyer: who } = await stripeOrder(stripe(), { lang: "de" });
    const payload = stripeEvent("payment_intent.succeeded", succeeded(intent));
    const res = await sendWebhook(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "processed" });
    expect(await paymentStatusOf(o.id, who)).toBe("paid");
    expect((await getCart(who)).items).toHaveLength(0);
    expect(await mailCount(email)).toBe(1);
    const [mail] = await (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.to, email));
    // The receipt's language is the one the order was placed in.
    expect(mail).toMatchObject({ status: "sent", subject: `Deine MugMagic-Bestellung ${o.orderNumber}` });

    // Replayed (same event id): recorded once, no second effect.
    const replay = await sendWebhook(payload);
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe("duplicate");
    // Duplicated under another id: the state does not move again, no second mail.
    expect(await deliver("payment_intent.succeeded", { ...intent })).toBe("processed");
    expect(await mailCount(email)).toBe(1);

    // Out of order: failure and requires_action arriving after the success.
    await deliver("payment_intent.payment_failed", {
      ...intent,
      status: "requires_payment_method",
      last_payment_error: { type: "card_error", code: "card_declined" },
    });
    await deliver("payment_intent.requires_action", { ...intent, status: "requires_action" });
    expect((await paymentRowsOf(o.id)).map((p) => [p.status, p.failureMessage])).toEqual([["succeeded", null]]);
    expect(await paymentStatusOf(o.id, who)).toBe("paid");
    expect(await mailCount(email)).toBe(1);
    expect(await (await getDb()).$count(webhookEvents, eq(webhookEvents.id, JSON.parse(payload).id))).toBe(1);
    expect((await timelineOf(o.id)).filter((e) => e.type === "paid")).toHaveLength(1);
  });

  it("payment_intent.payment_failed marks the attempt failed with the translated reason and a 'payment_failed' event; a later success still pays", async () => {
    const { order: o, intent, email, buyer: who } = await stripeOrder(stripe());
    await deliver("payment_intent.requires_action", intentAs(intent, { status: "requires_action" }));
    expect((await paymentRowsOf(o.id))[0]?.status).toBe("requires_action");
    await deliver("payment_intent.payment_failed", declined(intent));
    const [row] = await paymentRowsOf(o.id);
    expect(row).toMatchObject({ status: "failed", failureMessage: "payment.declined" });
    expect((await timelineOf(o.id)).filter((e) => e.type === "payment_failed").map((e) => [e.actor, e.note])).toEqual([
      ["provider", "declined"],
    ]);
    expect(await paymentStatusOf(o.id, who)).toBe("unpaid");
    expect((await getCart(who)).items).toHaveLength(1);
    // The payment failure page: the order with the provider's reason in the caller's language.
    expect((await getOrder(o.id, who, "de")).body.paymentFailureMessage).toBe("Deine Karte wurde abgelehnt.");
    // The checkout request replayed sees the reason in the caller's language.
    const [stored] = await (await getDb()).select().from(orders).where(eq(orders.id, o.id));
    const replay = await placeOrder(checkoutBody({ idempotencyKey: stored?.idempotencyKey }), who, "de");
    expect(replay.body.payment).toMatchObject({
      status: "failed",
      failureMessage: "Deine Karte wurde abgelehnt.",
      clientSecret: intent.client_secret,
    });

    // The customer tries another card on the same PaymentIntent and it succeeds.
    await deliver("payment_intent.succeeded", succeeded(intent));
    expect(await paymentStatusOf(o.id, who)).toBe("paid");
    expect(await mailCount(email)).toBe(1);
  });

  it("a success for a different amount than the payment's is flagged in the timeline and not taken as payment", async () => {
    const { order: o, intent, buyer: who } = await stripeOrder(stripe());
    const res = await sendWebhook(
      stripeEvent("payment_intent.succeeded", { ...intent, status: "succeeded", amount: 1, amount_received: 1 }),
    );
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe("flagged");
    expect(await paymentStatusOf(o.id, who)).toBe("unpaid");
    const flagged = (await timelineOf(o.id)).filter((e) => e.type === "amount_mismatch");
    expect(flagged).toHaveLength(1);
    expect(flagged[0]?.data).toMatchObject({ amountCents: 1, expectedAmountCents: o.totalCents, currency: "EUR" });
  });

  it("unknown event types and unknown PaymentIntents answer 200 and change nothing", async () => {
    expect(await deliver("customer.created", { id: "cus_1", object: "customer" })).toBe("ignored");
    expect(
      await deliver("payment_intent.succeeded", {
        id: "pi_unknown",
        object: "payment_intent",
        status: "succeeded",
        amount: 100,
        amount_received: 100,
        currency: "eur",
        metadata: {},
      }),
    ).toBe("ignored");
  });

  it("charge.refunded: a partial refund leaves the order paid, partly refunded; the full refund marks it refunded and cancels it", async () => {
    const { order: o, intent, buyer: who } = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(intent));
    await deliver("charge.refunded", chargeOf(intent, 100));
    expect(await paymentStatusOf(o.id, who)).toBe("partially_refunded");
    await deliver("charge.refunded", chargeOf(intent, intent.amount));
    expect((await getOrder(o.id, who)).body).toMatchObject({ paymentStatus: "refunded", status: "cancelled" });
    // A success replayed under a new id after the refund does not pay it again.
    await deliver("payment_intent.succeeded", { ...intent });
    expect(await paymentStatusOf(o.id, who)).toBe("refunded");
  });
});

describe("reconciliation, retry and cancellation with Stripe", () => {
  it("GET /api/user/orders/{orderId} asks Stripe first: a success whose webhook is late still shows paid", async () => {
    const { order: o, intent, email, buyer: who } = await stripeOrder(stripe());
    succeeded(intent);
    const res = await getOrder(o.id, who);
    expect(res.status).toBe(200);
    expect(res.body.paymentStatus).toBe("paid");
    expect(await mailCount(email)).toBe(1);
    // The webhook arriving afterwards changes nothing.
    await deliver("payment_intent.succeeded", { ...intent });
    expect(await mailCount(email)).toBe(1);
  });

  it("POST …/payment after a failure cancels the old PaymentIntent and creates attempt 2 with its own key", async () => {
    const { order: o, intent, buyer: who } = await stripeOrder(stripe());
    await deliver("payment_intent.payment_failed", declined(intent));
    const before = stripe().requests.length;
    const res = await retryPayment(o.id, who);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("requires_payment");
    const sent = stripe()
      .requests.slice(before)
      .filter((r) => r.method === "POST");
    expect(sent.map((r) => r.path)).toEqual([`/v1/payment_intents/${intent.id}/cancel`, "/v1/payment_intents"]);
    expect(sent[1]?.headers["idempotency-key"]).toBe(`order:${o.id}:attempt:2`);
    const rows = await paymentRowsOf(o.id);
    expect(rows.map((r) => r.status)).toEqual(["cancelled", "requires_payment"]);
    expect(res.body.clientSecret).toBe(stripe().intents.get(rows[1]?.providerPaymentId ?? "")?.client_secret);
    // Asked again: the same open attempt, no new PaymentIntent.
    const count = intentRequests().length;
    expect((await retryPayment(o.id, who)).body.id).toBe(res.body.id);
    expect(intentRequests().length).toBe(count);
  });

  it("POST …/payment when Stripe does not cancel the failed PaymentIntent: 502 and no second attempt (never two live ones)", async () => {
    const { order: o, intent, buyer: who } = await stripeOrder(stripe());
    await deliver("payment_intent.payment_failed", declined(intent));
    const count = intentRequests().length;
    stripe().failNext(`POST /v1/payment_intents/${intent.id}/cancel`, 1, 500, false);
    const res = await retryPayment(o.id, who);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe("The payment provider could not be reached. Please try again.");
    expect(intentRequests().length).toBe(count);
    expect((await paymentRowsOf(o.id)).map((r) => r.status)).toEqual(["failed"]);
    expect(intent.status).toBe("requires_payment_method");
    // Stripe answers again: the old intent is cancelled first, then attempt 2 is made.
    expect((await retryPayment(o.id, who)).status).toBe(200);
    expect((await paymentRowsOf(o.id)).map((r) => r.status)).toEqual(["cancelled", "requires_payment"]);
    expect(intent.status).toBe("canceled");
  });

  it("cancelling a paid order refunds it through Stripe with our idempotency key; Stripe's charge.refunded afterwards is harmless", async () => {
    const { order: o, intent, buyer: who } = await stripeOrder(stripe());
    await deliver("payment_intent.succeeded", succeeded(intent));
    const before = stripe().requests.length;
    const res = await cancelOrder(o.id, who);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const sent = stripe()
      .requests.slice(before)
      .filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.form.payment_intent).toBe(intent.id);
    const [refund] = await (await getDb()).select().from(refunds).where(eq(refunds.orderId, o.id));
    expect(sent[0]?.headers["idempotency-key"]).toBe(refund?.idempotencyKey);
    expect(refund).toMatchObject({ status: "succeeded", amountCents: o.totalCents });
    const late = await sendWebhook(
      stripeEvent("charge.refunded", chargeOf(intent, intent.amount, [{ id: refund?.providerRefundId ?? "", amount: intent.amount }])),
    );
    expect(late.status).toBe(200);
    expect((await paymentRowsOf(o.id)).map((p) => [p.status, p.refundedCents])).toEqual([["refunded", o.totalCents]]);
    expect(await (await getDb()).$count(refunds, eq(refunds.orderId, o.id))).toBe(1);
    expect((await cancelOrder(o.id, who)).status).toBe(409);
  });

  it("cancelling an unpaid order cancels its PaymentIntent", async () => {
    const { order: o, intent, buyer: who } = await stripeOrder(stripe());
    const before = stripe().requests.length;
    const res = await cancelOrder(o.id, who);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", paymentStatus: "unpaid" });
    expect(
      stripe()
        .requests.slice(before)
        .some((r) => r.method === "POST" && r.path === `/v1/payment_intents/${intent.id}/cancel`),
    ).toBe(true);
    expect(intent.status).toBe("canceled");
    expect((await paymentRowsOf(o.id)).map((p) => p.status)).toEqual(["cancelled"]);
  });

  it("cancelling an order whose payment succeeded at Stripe before the webhook came refunds it", async () => {
    const { order: o, intent, buyer: who } = await stripeOrder(stripe());
    succeeded(intent);
    const res = await cancelOrder(o.id, who);
    expect(res.status).toBe(200);
    expect(res.body.paymentStatus).toBe("refunded");
  });
});

describe("a declined card checked out again, and expiry, with Stripe", () => {
  it("a changed cart: the old PaymentIntent is cancelled at Stripe before the new amount; when Stripe refuses, 502 and the order keeps its lines, total and attempt", async () => {
    const { order: o, intent, buyer: who } = await stripeOrder(stripe());
    await deliver("payment_intent.payment_failed", declined(intent));
    await fillCart(who, who.id, 2);
    const count = intentRequests().length;
    stripe().failNext(`POST /v1/payment_intents/${intent.id}/cancel`, 1, 500, false);
    const refused = await placeOrder(checkoutBody(), who);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe("The payment provider could not be reached. Please try again.");
    expect(intentRequests().length).toBe(count);
    const [kept] = await (await getDb()).select().from(orders).where(eq(orders.id, o.id));
    expect(kept?.totalCents).toBe(o.totalCents);
    expect((await getOrder(o.id, who)).body.items.map((i) => i.quantity)).toEqual([1]);
    expect((await paymentRowsOf(o.id)).map((p) => p.status)).toEqual(["failed"]);

    const again = await placeOrder(checkoutBody(), who);
    expect(again.status).toBe(201);
    expect(again.body.order).toMatchObject({ id: o.id, items: [expect.objectContaining({ quantity: 2 })] });
    expect(intent.status).toBe("canceled");
    const rows = await paymentRowsOf(o.id);
    expect(rows.map((p) => [p.status, p.amountCents])).toEqual([
      ["cancelled", o.totalCents],
      ["requires_payment", again.body.order.totalCents],
    ]);
    expect(stripe().intents.get(rows[1]?.providerPaymentId ?? "")?.amount).toBe(again.body.order.totalCents);
    expect(await (await getDb()).$count(orders, eq(orders.userId, who.id))).toBe(1);
  });

  it("expiry cancels the PaymentIntent at Stripe first; when Stripe refuses, the order stays pending until the next pass", async () => {
    const { order: o, intent, buyer: who } = await stripeOrder(stripe());
    const later = new Date(Date.now() + 49 * 3_600_000);
    stripe().failNext(`POST /v1/payment_intents/${intent.id}/cancel`, 1, 500, false);
    expect(await expireUnpaidOrders(later, { userId: who.id })).toBe(0);
    expect(intent.status).toBe("requires_payment_method");
    expect((await getOrder(o.id, who)).body.status).toBe("pending");
    expect(await expireUnpaidOrders(later, { userId: who.id })).toBe(1);
    expect(intent.status).toBe("canceled");
    expect((await getOrder(o.id, who)).body.status).toBe("cancelled");
    expect((await paymentRowsOf(o.id)).map((p) => p.status)).toEqual(["cancelled"]);
    expect((await timelineOf(o.id)).map((e) => e.type)).toContain("expired");
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
