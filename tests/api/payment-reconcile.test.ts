import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { payments } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { tempDir } from "../helpers/test-db";
import { checkoutBody, fillCart, getOrder, newCustomer, placeOrder } from "../helpers/orders";

/** A customer's order page asks the payment provider about the payment at most once per 30 s, however often it is read. */

const STRIPE_ENV = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_HOST",
  "STRIPE_API_PORT",
  "STRIPE_API_PROTOCOL",
];
let fake: FakeStripe;

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-reconcile-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  fake = await startFakeStripe();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_fake_0123456789",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake_0123456789",
    STRIPE_WEBHOOK_SECRET: "whsec_test_reconcile_0123456789",
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

const retrievals = (intentId: string) =>
  fake.requests.filter((r) => r.method === "GET" && r.path === `/v1/payment_intents/${intentId}`).length;

async function stripeOrder() {
  const buyer = await newCustomer("reconcile");
  await fillCart(buyer, buyer.id);
  const res = await placeOrder(checkoutBody(), buyer);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await (await getDb()).select().from(payments).where(eq(payments.orderId, res.body.order.id));
  const intentId = row?.providerPaymentId ?? "";
  expect(fake.intents.has(intentId)).toBe(true);
  return { buyer, orderId: res.body.order.id, intentId, paymentId: row?.id ?? 0 };
}

/** Moves the payment's last check back in time, as if the seconds had passed. */
async function age(paymentId: number, seconds: number) {
  const db = await getDb();
  const [row] = await db.select({ at: payments.providerCheckedAt }).from(payments).where(eq(payments.id, paymentId));
  if (!row?.at) throw new Error("the payment was checked");
  await db
    .update(payments)
    .set({ providerCheckedAt: new Date(row.at.getTime() - seconds * 1000) })
    .where(eq(payments.id, paymentId));
}

describe("GET /api/user/orders/{orderId} – reconciling with Stripe", () => {
  it("ten reads in a row ask Stripe once", async () => {
    const o = await stripeOrder();
    const before = retrievals(o.intentId);
    for (let i = 0; i < 10; i++) expect((await getOrder(o.orderId, o.buyer)).status).toBe(200);
    expect(retrievals(o.intentId) - before).toBe(1);
  });

  it("concurrent reads ask Stripe once", async () => {
    const o = await stripeOrder();
    const before = retrievals(o.intentId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => getOrder(o.orderId, o.buyer)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(retrievals(o.intentId) - before).toBe(1);
  });

  it("29 s after the last check it does not ask; 30 s after it asks again and shows what Stripe says", async () => {
    const o = await stripeOrder();
    await getOrder(o.orderId, o.buyer);
    const before = retrievals(o.intentId);
    const intent = fake.intents.get(o.intentId);
    if (intent) Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
    await age(o.paymentId, 29);
    expect((await getOrder(o.orderId, o.buyer)).body.paymentStatus).toBe("unpaid");
    expect(retrievals(o.intentId)).toBe(before);
    await age(o.paymentId, 2);
    expect((await getOrder(o.orderId, o.buyer)).body.paymentStatus).toBe("paid");
    expect(retrievals(o.intentId)).toBe(before + 1);
  });
});
