import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import * as cancelRoute from "@/app/api/admin/orders/[orderId]/cancel/route";
import * as completeRoute from "@/app/api/admin/orders/[orderId]/complete/route";
import * as deliverRoute from "@/app/api/admin/orders/[orderId]/deliver/route";
import * as processRoute from "@/app/api/admin/orders/[orderId]/process/route";
import * as refundRoute from "@/app/api/admin/orders/[orderId]/refund/route";
import * as resendRoute from "@/app/api/admin/orders/[orderId]/resend-receipt/route";
import * as webhookRoute from "@/app/api/webhooks/stripe/route";
import { getDb } from "@/db/client";
import { invoices, orderEvents, orders, outgoingMail, payments, refunds, type OrderStatus } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { formatEuro } from "@/lib/format";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { bookSucceededRefund } from "@/lib/services/orders";
import { inTransaction } from "@/lib/services/orders/unit-of-work";
import { call, cookieFor, type Role } from "../helpers/api";
import { startFakeStripe, type FakeIntent, type FakeStripe } from "../helpers/fake-stripe";
import {
  cancelOrder,
  card,
  CARDS,
  checkoutBody,
  fillCart,
  getOrder,
  newCustomer,
  paySandbox,
  placedOrder,
  placeOrder,
  retryPayment,
  userIdOf,
  type ErrorBody,
  type Lang,
} from "../helpers/orders";
import { TEST_USERS, tempDir } from "../helpers/test-db";

const ANY_UUID = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";
const STRIPE_ENV = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_HOST",
  "STRIPE_API_PORT",
  "STRIPE_API_PROTOCOL",
];

let adminId: number;

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-admin-order-actions-");
  for (const key of [...STRIPE_ENV, "SMTP_URL"]) delete process.env[key];
  resetEnvCache();
  adminId = await userIdOf(TEST_USERS.admin.email);
});

const ROUTES = {
  process: processRoute.POST,
  complete: completeRoute.POST,
  deliver: deliverRoute.POST,
  cancel: cancelRoute.POST,
  refund: refundRoute.POST,
  "resend-receipt": resendRoute.POST,
} as const;
type Action = keyof typeof ROUTES;
type Detail = AdminOrderDetail & ErrorBody;

async function admin<T = Detail>(action: Action, orderId: string, body?: unknown, who: Role = "admin") {
  return call<T & ErrorBody>(ROUTES[action], {
    method: "POST",
    path: `/api/admin/orders/${orderId}/${action}`,
    params: { orderId },
    body,
    cookie: await cookieFor(who),
  });
}

type Buyer = Awaited<ReturnType<typeof newCustomer>>;

/** An order (sandbox) of a new customer of its own, placed in the given language; paid unless told otherwise. */
async function order(
  opts: { paid?: boolean; lang?: Lang } = {},
): Promise<{ id: string; orderNumber: string; totalCents: number; buyer: Buyer }> {
  const lang = opts.lang ?? "en";
  const buyer = await newCustomer();
  const { order: placed } = await placedOrder(buyer, buyer.id, { lang, body: checkoutBody({ acceptWithdrawalWaiver: true }) });
  if (opts.paid !== false) {
    const paid = await paySandbox(placed.id, card(CARDS.ok), buyer, lang);
    expect(paid.body.status, JSON.stringify(paid.body)).toBe("succeeded");
  }
  return { id: placed.id, orderNumber: placed.orderNumber, totalCents: placed.totalCents, buyer };
}

/** A paid order put into a status directly (the walk there is tested on its own). */
async function paidOrderIn(status: OrderStatus) {
  const o = await order();
  if (status !== "pending") await (await getDb()).update(orders).set({ status }).where(eq(orders.id, o.id));
  return o;
}

async function orderRow(orderId: string) {
  const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error("order exists");
  return row;
}
const paymentRows = async (orderId: string) =>
  (await getDb()).select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
const refundRows = async (orderId: string) =>
  (await getDb()).select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
const eventsOf = async (orderId: string) =>
  (await getDb()).select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
const mailsOf = async (orderId: string, kind?: "receipt" | "shipped" | "cancelled" | "refunded") =>
  (await getDb())
    .select()
    .from(outgoingMail)
    .where(kind ? and(eq(outgoingMail.orderId, orderId), eq(outgoingMail.kind, kind)) : eq(outgoingMail.orderId, orderId))
    .orderBy(asc(outgoingMail.id));

/** Everything an action could change, to prove that a refused one changed nothing. */
async function snapshot(orderId: string) {
  const { updatedAt: _o, ...o } = await orderRow(orderId);
  const p = (await paymentRows(orderId)).map(({ updatedAt: _u, ...rest }) => rest);
  return {
    order: o,
    payments: p,
    refunds: await refundRows(orderId),
    events: (await eventsOf(orderId)).length,
    mails: (await mailsOf(orderId)).length,
  };
}

const transitionRefused = (from: string) => `This order cannot be changed this way while it is ${from}.`;
const BODIES: Record<Action, unknown> = {
  process: undefined,
  complete: { carrier: "DHL", trackingNumber: "00340434161234567890" },
  deliver: undefined,
  cancel: { reason: "Customer asked by phone" },
  refund: { reason: "Goodwill" },
  "resend-receipt": undefined,
};

describe("access matrix", () => {
  const cases: [Action, OrderStatus][] = [
    ["process", "pending"],
    ["complete", "processing"],
    ["deliver", "shipped"],
    ["cancel", "pending"],
    ["refund", "pending"],
    ["resend-receipt", "pending"],
  ];

  it.each(cases)(
    "POST /api/admin/orders/{orderId}/%s – anonymous 401, customer 403 (nothing changes), unknown and malformed ids 404, admin 200",
    async (action, status) => {
      const o = await paidOrderIn(status);
      const before = await snapshot(o.id);
      const anonymous = await admin(action, o.id, BODIES[action], "anonymous");
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe("Authentication required");
      const customer = await admin(action, o.id, BODIES[action], "customer");
      expect(customer.status).toBe(403);
      expect(customer.body.message).toBe("You do not have permission to do this");
      expect(await snapshot(o.id)).toEqual(before);

      for (const id of [ANY_UUID, "not-a-uuid"]) {
        const res = await admin(action, id, BODIES[action]);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe("Not found");
      }
      const ok = await admin(action, o.id, BODIES[action]);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    },
  );
});

describe("the transition table through the admin routes", () => {
  const ACTIONS = ["process", "complete", "deliver", "cancel"] as const;
  const TARGET: Partial<Record<`${OrderStatus}:${(typeof ACTIONS)[number]}`, OrderStatus>> = {
    "pending:process": "processing",
    "pending:cancel": "cancelled",
    "processing:complete": "shipped",
    "processing:cancel": "cancelled",
    "shipped:deliver": "delivered",
  };
  const EVENT = { process: "processed", complete: "shipped", deliver: "delivered", cancel: "cancelled" } as const;
  const STATUSES: OrderStatus[] = ["pending", "processing", "shipped", "delivered", "cancelled"];
  const cases = STATUSES.flatMap((status) => ACTIONS.map((action) => [status, action] as const));

  it.each(cases)("a paid %s order, %s", async (status, action) => {
    const o = await paidOrderIn(status);
    const before = await snapshot(o.id);
    const res = await admin(action, o.id, BODIES[action]);
    const target = TARGET[`${status}:${action}`];
    if (!target) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(transitionRefused(status));
      expect(await snapshot(o.id)).toEqual(before);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe(target);
    expect((await orderRow(o.id)).status).toBe(target);
    const event = (await eventsOf(o.id)).find((e) => e.type === EVENT[action]);
    expect(event).toMatchObject({ fromStatus: status, toStatus: target, actor: "admin", actorUserId: adminId });
    expect(res.body.timeline.find((e) => e.type === EVENT[action])?.actorEmail).toBe(TEST_USERS.admin.email);
  });

  it("Process Order of an unpaid order → 409 'not paid yet', nothing changes", async () => {
    const o = await order({ paid: false });
    const before = await snapshot(o.id);
    const res = await admin("process", o.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order has not been paid yet.");
    expect(await snapshot(o.id)).toEqual(before);
  });

  it("Process Order of an order refunded in full → 409 'not paid yet'", async () => {
    const o = await order();
    expect((await admin("refund", o.id, { reason: "Out of stock" })).status).toBe(200);
    const res = await admin("process", o.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order has not been paid yet.");
  });

  it("the whole way: process → complete → deliver sets the timestamps and the timeline", async () => {
    const o = await order();
    const processed = await admin("process", o.id);
    expect(processed.body).toMatchObject({ status: "processing", actions: ["complete", "cancel"] });
    expect(processed.body.processedAt).not.toBeNull();
    const shipped = await admin("complete", o.id, {});
    expect(shipped.body).toMatchObject({ status: "shipped", carrier: null, trackingNumber: null, actions: ["deliver"] });
    const row = await orderRow(o.id);
    expect(row.shippedAt).toBeInstanceOf(Date);
    expect(row.completedAt?.getTime()).toBe(row.shippedAt?.getTime());
    const delivered = await admin("deliver", o.id);
    expect(delivered.body).toMatchObject({ status: "delivered", actions: [] });
    expect((await orderRow(o.id)).deliveredAt).toBeInstanceOf(Date);
    const types = (await eventsOf(o.id)).map((e) => e.type);
    expect(types.filter((t) => ["processed", "shipped", "delivered"].includes(t))).toEqual(["processed", "shipped", "delivered"]);
  });

  it("a customer cannot cancel once production started: 409, nothing changes", async () => {
    const o = await order();
    expect((await admin("process", o.id)).status).toBe(200);
    const before = await snapshot(o.id);
    const res = await cancelOrder(o.id, o.buyer);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order can no longer be cancelled");
    expect(await snapshot(o.id)).toEqual(before);
  });

  it("a customer cannot cancel another customer's order (404), nor the admin on the user route", async () => {
    const o = await order();
    expect((await cancelOrder(o.id, "customer")).status).toBe(404);
    expect((await cancelOrder(o.id, "admin")).status).toBe(404);
    expect((await orderRow(o.id)).status).toBe("pending");
  });
});

describe("POST /api/admin/orders/{orderId}/complete", () => {
  it("stores carrier and tracking number and mails the customer in the order's language", async () => {
    const o = await order({ lang: "de" });
    await admin("process", o.id);
    const res = await admin("complete", o.id, { carrier: " DHL ", trackingNumber: "00340434161234567890" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "shipped", carrier: "DHL", trackingNumber: "00340434161234567890" });
    expect(await orderRow(o.id)).toMatchObject({ carrier: "DHL", trackingNumber: "00340434161234567890" });
    const event = (await eventsOf(o.id)).find((e) => e.type === "shipped");
    expect(event?.data).toEqual({ carrier: "DHL", trackingNumber: "00340434161234567890" });
    const [mail, ...more] = await mailsOf(o.id, "shipped");
    expect(more).toHaveLength(0);
    expect(mail?.to).toBe("anna@example.com");
    expect(mail?.subject).toBe(`Deine MugMagic-Bestellung ${o.orderNumber} ist unterwegs`);
    expect(mail?.text).toContain("Versanddienstleister: DHL");
    expect(mail?.text).toContain("Sendungsnummer: 00340434161234567890");
    expect(mail?.html).toContain("00340434161234567890");
  });

  it("an English order gets the English mail; without tracking number no tracking line", async () => {
    const o = await order({ lang: "en" });
    await admin("process", o.id);
    expect((await admin("complete", o.id, {})).status).toBe(200);
    const [mail] = await mailsOf(o.id, "shipped");
    expect(mail?.subject).toBe(`Your MugMagic order ${o.orderNumber} is on its way`);
    expect(mail?.text).toContain(`good news: your order ${o.orderNumber} has been shipped.`);
    expect(mail?.text).not.toContain("Tracking number");
  });

  it("422 for a tracking number with other characters; nothing changes", async () => {
    const o = await order();
    await admin("process", o.id);
    const before = await snapshot(o.id);
    const res = await admin("complete", o.id, { trackingNumber: "<script>" });
    expect(res.status).toBe(422);
    expect(res.body.errors?.trackingNumber).toBe("The tracking number may contain only letters, digits, spaces and . _ / -");
    expect(await snapshot(o.id)).toEqual(before);
  });
});

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
    expect(mail?.text).toContain("The credit note is attached to this email.");
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

describe("POST /api/admin/orders/{orderId}/resend-receipt", () => {
  it("queues the receipt again with the same stored invoice and records receipt_sent", async () => {
    const o = await order({ lang: "de" });
    const res = await admin<{ mailId: number }>("resend-receipt", o.id);
    expect(res.status).toBe(200);
    const receipts = await mailsOf(o.id, "receipt");
    expect(receipts).toHaveLength(2);
    const [first, again] = receipts;
    expect(again?.id).toBe(res.body.mailId);
    expect(again?.subject).toBe(first?.subject);
    expect(again?.subject).toContain(o.orderNumber);
    expect(again?.attachments).toEqual(first?.attachments);
    const [invoice] = await (
      await getDb()
    )
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, o.id), eq(invoices.kind, "invoice")));
    expect(invoice).toBeDefined();
    expect(again?.attachments).toEqual([{ type: "invoice", invoiceId: invoice?.id }]);
    // The admin's request (the mail's delivery adds its own entry, by the system).
    const event = (await eventsOf(o.id)).find((e) => e.type === "receipt_sent" && e.actor === "admin");
    expect(event?.actorUserId).toBe(adminId);
    expect(event?.data).toMatchObject({ mailId: res.body.mailId, invoiceId: invoice?.id });
  });

  it("an unpaid order has no receipt: 409", async () => {
    const o = await order({ paid: false });
    const res = await admin("resend-receipt", o.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order has no receipt: it has not been paid.");
    expect(await mailsOf(o.id, "receipt")).toHaveLength(0);
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
