import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as accountRoute from "@/app/api/user/account/route";
import * as eraseRoute from "@/app/api/admin/customers/[customerId]/erase/route";
import * as dashboardRoute from "@/app/api/admin/dashboard/route";
import { getDb } from "@/db/client";
import { orders, orphanPayments, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import type { Dashboard } from "@/lib/schemas/dashboard";
import { runScheduledJobs } from "@/lib/services/scheduled-jobs";
import { call, cookieFor } from "../helpers/api";
import type { ErrorBody, Who } from "../helpers/orders";
import {
  deliver,
  fakeStripeForFile,
  paymentRowsOf,
  sendWebhook,
  sign,
  stripeEvent,
  stripeOrder,
  succeeded,
} from "../helpers/stripe-webhooks";

const stripe = fakeStripeForFile("shop-test-erasure-payments-");

const deleteAccount = async (who: Exclude<Who, string>) =>
  call<{ message: string } & ErrorBody>(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account", body: {}, cookie: who.cookie });

const adminErase = async (id: number) =>
  call<ErrorBody>(eraseRoute.POST, {
    method: "POST",
    path: `/api/admin/customers/${id}/erase`,
    params: { customerId: String(id) },
    body: { reason: "Asked by mail" },
    cookie: await cookieFor("admin"),
    headers: { origin: "http://localhost" },
  });

const cancelsOf = (intentId: string) =>
  stripe().requests.filter((r) => r.method === "POST" && r.path === `/v1/payment_intents/${intentId}/cancel`);
const orderExists = async (id: string) => (await (await getDb()).$count(orders, eq(orders.id, id))) > 0;
const userExists = async (id: number) => (await (await getDb()).$count(users, eq(users.id, id))) > 0;

describe("erasing an account with an unpaid order cancels its payment at the provider first", () => {
  it("the customer's own erasure: the PaymentIntent is cancelled at Stripe, then the order goes", async () => {
    const placed = await stripeOrder(stripe());
    expect(placed.intent.status).toBe("requires_payment_method");
    const res = await deleteAccount(placed.buyer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(cancelsOf(placed.intent.id)).toHaveLength(1);
    expect(stripe().intents.get(placed.intent.id)?.status).toBe("canceled");
    expect(await orderExists(placed.order.id)).toBe(false);
  });

  it("the admin's erasure does the same", async () => {
    const placed = await stripeOrder(stripe());
    const res = await adminErase(placed.buyer.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(stripe().intents.get(placed.intent.id)?.status).toBe("canceled");
    expect(await orderExists(placed.order.id)).toBe(false);
  });

  it("Stripe refuses the cancel: nothing is erased (502), so no payable intent is left without its order", async () => {
    const placed = await stripeOrder(stripe());
    stripe().failNext(`POST /v1/payment_intents/${placed.intent.id}/cancel`, 1, 500, false);
    const res = await deleteAccount(placed.buyer);
    expect(res.status).toBe(502);
    expect(await orderExists(placed.order.id)).toBe(true);
    expect(await userExists(placed.buyer.id)).toBe(true);
    expect((await paymentRowsOf(placed.order.id))[0]?.status).toBe("requires_payment");
  });

  it("paid at Stripe before the erasure came: the cancel is refused, the order is kept as paid for the books", async () => {
    const placed = await stripeOrder(stripe());
    const intent = stripe().intents.get(placed.intent.id);
    if (!intent) throw new Error("intent");
    Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
    const res = await deleteAccount(placed.buyer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [kept] = await (await getDb()).select().from(orders).where(eq(orders.id, placed.order.id));
    expect(kept?.userId).toBeNull();
    expect(kept?.customerErasedAt).toBeInstanceOf(Date);
    expect((await paymentRowsOf(placed.order.id))[0]?.status).toBe("succeeded");
  });
});

const orphanCase = async () => {
  const res = await call<Dashboard & ErrorBody>(dashboardRoute.GET, { path: "/api/admin/dashboard", cookie: await cookieFor("admin") });
  expect(res.status).toBe(200);
  return res.body.needsAction.find((n) => n.kind === "orphanPayments");
};

describe("a payment the shop no longer knows", () => {
  it("a success at Stripe for it is refunded automatically, once, and shown under 'needs action'", async () => {
    const before = (await orphanCase())?.count ?? 0;
    const placed = await stripeOrder(stripe());
    // The shop lost the order (say, it was dropped while the customer paid in another tab).
    await (await getDb()).delete(orders).where(eq(orders.id, placed.order.id));
    const paid = succeeded(placed.intent);
    const event = stripeEvent("payment_intent.succeeded", paid);
    expect((await sendWebhook(event, sign(event))).status).toBe(200);
    const refundsOf = () => [...stripe().refunds.values()].filter((r) => r.payment_intent === placed.intent.id);
    expect(refundsOf().map((r) => [r.amount, r.status])).toEqual([[placed.intent.amount, "succeeded"]]);

    // Replayed, or sent again under a new event id: refunded once.
    expect((await sendWebhook(event, sign(event))).body.outcome).toBe("duplicate");
    await deliver("payment_intent.succeeded", paid);
    expect(refundsOf()).toHaveLength(1);

    const shown = await orphanCase();
    expect(shown).toMatchObject({ count: before + 1, href: "/admin/orders/history?status=all" });
    expect(shown?.oldestAt).toEqual(expect.any(String));
  });

  it("a refund Stripe refuses stays under 'needs action'", async () => {
    const placed = await stripeOrder(stripe());
    await (await getDb()).delete(orders).where(eq(orders.id, placed.order.id));
    stripe().failNext("POST /v1/refunds", 1, 400, false, "invalid_request_error");
    const before = (await orphanCase())?.count ?? 0;
    await deliver("payment_intent.succeeded", succeeded(placed.intent));
    expect([...stripe().refunds.values()].filter((r) => r.payment_intent === placed.intent.id)).toEqual([]);
    expect((await orphanCase())?.count).toBe(before + 1);
  });

  it("Stripe does not answer the refund: it stays open and the scheduled pass refunds it with the same key", async () => {
    const placed = await stripeOrder(stripe());
    await (await getDb()).delete(orders).where(eq(orders.id, placed.order.id));
    stripe().failNext("POST /v1/refunds", 1, 500, false);
    await deliver("payment_intent.succeeded", succeeded(placed.intent));
    const rowOf = async () =>
      (await (await getDb()).select().from(orphanPayments).where(eq(orphanPayments.providerPaymentId, placed.intent.id)))[0];
    expect(await rowOf()).toMatchObject({ status: "refunding", providerRefundId: null });
    // Older than the pass's grace period.
    await (
      await getDb()
    )
      .update(orphanPayments)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(orphanPayments.providerPaymentId, placed.intent.id));
    process.env.CRON_SECRET = "a-cron-secret-of-some-length";
    resetEnvCache();
    expect((await runScheduledJobs("Bearer a-cron-secret-of-some-length")).orphanRefunds).toBeGreaterThanOrEqual(1);
    expect(await rowOf()).toMatchObject({ status: "refunded" });
    expect([...stripe().refunds.values()].filter((r) => r.payment_intent === placed.intent.id)).toHaveLength(1);
  });

  it("a payment this shop did not create (no order and attempt of ours on it) is never refunded", async () => {
    const placed = await stripeOrder(stripe());
    await (await getDb()).delete(orders).where(eq(orders.id, placed.order.id));
    const foreign = succeeded(placed.intent);
    foreign.metadata = { note: "another application" };
    expect(await deliver("payment_intent.succeeded", foreign)).toBe("ignored");
    expect(stripe().requests.some((r) => r.path === "/v1/refunds" && r.form.payment_intent === placed.intent.id)).toBe(false);
  });
});
