import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, expect } from "vitest";
import { asc, eq } from "drizzle-orm";
import * as webhookRoute from "@/app/api/webhooks/stripe/route";
import { getDb } from "@/db/client";
import { orderEvents, payments, type OrderEvent, type Payment } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import type { PlaceOrderResponse } from "@/lib/schemas/orders";
import { call } from "./api";
import { startFakeStripe, type FakeIntent, type FakeStripe } from "./fake-stripe";
import { checkoutBody, fillCart, newCustomer, placeOrder, type Lang } from "./orders";
import { tempDir } from "./test-db";

export const WEBHOOK_SECRET = "whsec_test_0123456789abcdef";
const STRIPE_ENV = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_HOST",
  "STRIPE_API_PORT",
  "STRIPE_API_PROTOCOL",
];

export function fakeStripeForFile(prefix = "shop-test-stripe-"): () => FakeStripe {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    process.env.DATA_DIR = tempDir(prefix);
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
  });
  afterAll(async () => {
    for (const key of STRIPE_ENV) delete process.env[key];
    resetEnvCache();
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error("the fake Stripe server runs only inside tests");
    return fake;
  };
}

export type Buyer = Awaited<ReturnType<typeof newCustomer>>;

export async function paymentRowsOf(orderId: string): Promise<Payment[]> {
  return (await getDb()).select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

export async function timelineOf(orderId: string): Promise<OrderEvent[]> {
  return (await getDb()).select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

// Each order has its own customer: a customer's next checkout would re-use their open unpaid order.
export async function stripeOrder(
  fake: FakeStripe,
  opts: { lang?: Lang; email?: string; quantity?: number } = {},
): Promise<PlaceOrderResponse & { intent: FakeIntent; email: string; buyer: Buyer }> {
  const buyer = await newCustomer("stripe");
  const email = opts.email ?? `stripe-${randomUUID().slice(0, 8)}@example.com`;
  await fillCart(buyer, buyer.id, opts.quantity ?? 1);
  const res = await placeOrder(checkoutBody({ contact: { ...(checkoutBody().contact as object), email } }), buyer, opts.lang ?? "en");
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await paymentRowsOf(res.body.order.id);
  const intent = row?.providerPaymentId ? fake.intents.get(row.providerPaymentId) : undefined;
  if (!intent) throw new Error("the fake saw the PaymentIntent");
  return { ...res.body, intent, email, buyer };
}

export function stripeEvent(type: string, object: object, id = `evt_${randomUUID().replace(/-/g, "")}`): string {
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

export const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });

export async function sendWebhook(payload: string, signature: string | null = sign(payload)) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  return call<{ received?: boolean; outcome?: string; message?: string }>(webhookRoute.POST, {
    method: "POST",
    path: "/api/webhooks/stripe",
    body: payload,
    headers,
  });
}

export async function deliver(type: string, object: object): Promise<string | undefined> {
  const res = await sendWebhook(stripeEvent(type, object));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.outcome;
}

export function intentAs(intent: FakeIntent, changes: Partial<FakeIntent>): FakeIntent {
  Object.assign(intent, changes);
  return { ...intent };
}

export const succeeded = (intent: FakeIntent) =>
  intentAs(intent, { status: "succeeded", amount_received: intent.amount, last_payment_error: null });
export const declined = (intent: FakeIntent) =>
  intentAs(intent, {
    status: "requires_payment_method",
    last_payment_error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  });

export function chargeOf(intent: FakeIntent, amountRefunded: number, refunds?: { id: string; amount: number; status?: string }[]) {
  return {
    id: `ch_${intent.id}`,
    object: "charge",
    payment_intent: intent.id,
    amount: intent.amount,
    amount_captured: intent.amount,
    currency: intent.currency,
    paid: true,
    status: "succeeded",
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= intent.amount,
    ...(refunds
      ? {
          refunds: {
            object: "list",
            data: refunds.map((r) => ({
              object: "refund",
              currency: intent.currency,
              payment_intent: intent.id,
              status: "succeeded",
              ...r,
            })),
            has_more: false,
          },
        }
      : {}),
  };
}

export function disputeOf(intent: FakeIntent, status: string, amount = intent.amount, id = `dp_${intent.id}`) {
  return {
    id,
    object: "dispute",
    amount,
    currency: intent.currency,
    charge: `ch_${intent.id}`,
    payment_intent: intent.id,
    reason: "fraudulent",
    status,
  };
}
