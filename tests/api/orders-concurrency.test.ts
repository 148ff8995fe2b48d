import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orderAddresses, orderEvents, orderItems, orders, payments } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import deMessages from "@/messages/de.json";
import { expireUnpaidOrders } from "@/lib/services/orders/expiry";
import { tempDir } from "../helpers/test-db";
import {
  authenticateSandbox,
  card,
  CARDS,
  checkoutBody,
  fillCart,
  getOrder,
  listOrders,
  newCustomer,
  paymentConfig,
  paySandbox,
  placedOrder,
  placeOrder,
  retryPayment,
} from "../helpers/orders";

/** Payments that stay correct under concurrency and faults, on the sandbox provider. */

type Buyer = Awaited<ReturnType<typeof newCustomer>>;

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-orders-concurrency-");
  for (const key of [
    "STRIPE_SECRET_KEY",
    "STRIPE_PUBLISHABLE_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "SMTP_URL",
    "PAYMENTS_SANDBOX",
    "UNPAID_ORDER_EXPIRY_HOURS",
  ])
    delete process.env[key];
  resetEnvCache();
});

async function paymentRows(orderId: string) {
  return (await getDb()).select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

async function ordersOf(userId: number) {
  return (await getDb()).select().from(orders).where(eq(orders.userId, userId));
}

async function events(orderId: string) {
  return (await getDb()).select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

const numberOf = (orderNumber: string) => Number(orderNumber.split("-")[2]);
const berlinYear = () => new Intl.DateTimeFormat("en", { timeZone: "Europe/Berlin", year: "numeric" }).format(new Date());

describe("concurrent checkouts", () => {
  let rush: Buyer[] = [];
  beforeAll(async () => {
    // Ten registered customers (password accounts), each with a design in the cart.
    rush = await Promise.all(Array.from({ length: 10 }, (_, i) => newCustomer(`rush${i}`, { password: true })));
    await Promise.all(rush.map((b) => fillCart(b, b.id)));
  });

  it("ten customers check out and pay at the same moment: all 201, all paid, ten distinct consecutive order numbers", async () => {
    const buyers = rush;
    const results = await Promise.all(
      buyers.map(async (b) => {
        const placed = await placeOrder(checkoutBody(), b);
        const paid = placed.status === 201 ? await paySandbox(placed.body.order.id, card(CARDS.ok), b) : null;
        return { placed, paid };
      }),
    );
    expect(results.map((r) => r.placed.status)).toEqual(Array(10).fill(201));
    expect(results.map((r) => r.paid?.body.status)).toEqual(Array(10).fill("succeeded"));
    const numbers = results.map((r) => r.placed.body.order.orderNumber);
    expect(new Set(numbers).size).toBe(10);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^MM-${berlinYear()}-\\d{6}$`));
    // From the sequence, no retries: ten consecutive values.
    const sorted = numbers.map(numberOf).sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: 10 }, (_, i) => (sorted[0] ?? 0) + i));
    for (const b of buyers) {
      const mine = (await listOrders(b)).body;
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ paymentStatus: "paid", status: "pending" });
    }
  });

  it("one customer checking out twice at once (two keys) gets one order", async () => {
    const b = await newCustomer();
    await fillCart(b, b.id);
    const [x, y] = await Promise.all([placeOrder(checkoutBody(), b), placeOrder(checkoutBody(), b)]);
    expect([x.status, y.status]).toEqual([201, 201]);
    expect(x.body.order.id).toBe(y.body.order.id);
    expect(await ordersOf(b.id)).toHaveLength(1);
    const live = (await paymentRows(x.body.order.id)).filter((p) => p.status !== "cancelled");
    expect(live).toHaveLength(1);
  });
});

describe("order numbers", () => {
  it("come from the sequence order_number_seq (never max() + 1), at least six digits, never cut", async () => {
    const db = await getDb();
    const b = await newCustomer();
    await db.execute(sql`select setval('order_number_seq', 41999)`);
    const { order } = await placedOrder(b, b.id);
    expect(order.orderNumber).toBe(`MM-${berlinYear()}-042000`);
    const c = await newCustomer();
    await db.execute(sql`select setval('order_number_seq', 1234566)`);
    expect((await placedOrder(c, c.id)).order.orderNumber).toBe(`MM-${berlinYear()}-1234567`);
  });
});

describe("what a placed order records", () => {
  it("lines marked personalised, the customer's language, the withdrawal waiver and a 'placed' event by the customer", async () => {
    const b = await newCustomer();
    const { order } = await placedOrder(b, b.id, { lang: "de" });
    const db = await getDb();
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ locale: "de", status: "pending" });
    expect(row?.withdrawalWaiverAt).toBeInstanceOf(Date);
    expect((await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).map((i) => i.personalised)).toEqual([true]);
    const timeline = await events(order.id);
    expect(timeline.map((e) => [e.type, e.actor, e.actorUserId, e.toStatus])).toEqual([["placed", "customer", b.id, "pending"]]);
  });

  it("a personalised cart without the confirmed withdrawal waiver answers 422 and creates nothing", async () => {
    const b = await newCustomer();
    await fillCart(b, b.id);
    for (const acceptWithdrawalWaiver of [false, undefined]) {
      const res = await placeOrder(checkoutBody({ acceptWithdrawalWaiver }), b);
      expect(res.status).toBe(422);
      expect(res.body.errors?.acceptWithdrawalWaiver).toBe(
        "Please confirm that personalised items are excluded from the right of withdrawal.",
      );
    }
    const de = await placeOrder(checkoutBody({ acceptWithdrawalWaiver: false }), b, "de");
    expect(de.body.errors?.acceptWithdrawalWaiver).toBe(deMessages.validation.withdrawalWaiverRequired);
    expect(await ordersOf(b.id)).toHaveLength(0);
  });

  it("a declined card records a 'payment_failed' event with the provider's reason", async () => {
    const b = await newCustomer();
    const { order } = await placedOrder(b, b.id);
    await paySandbox(order.id, card(CARDS.declined), b);
    await paySandbox(order.id, card(CARDS.ok, { expYear: 2020 }), b);
    const failed = (await events(order.id)).filter((e) => e.type === "payment_failed");
    expect(failed.map((e) => [e.actor, e.note])).toEqual([
      ["provider", "declined"],
      ["provider", "expired_card"],
    ]);
  });
});

describe("a declined card does not breed orders", () => {
  let b: Buyer;
  let orderId: string;
  let firstTotal: number;

  it("checking out again (new key) after a decline answers the same order with a fresh attempt; the declined one is cancelled", async () => {
    b = await newCustomer();
    const placed = await placedOrder(b, b.id);
    orderId = placed.order.id;
    firstTotal = placed.order.totalCents;
    expect((await paySandbox(orderId, card(CARDS.declined), b)).body.status).toBe("failed");

    const again = await placeOrder(checkoutBody(), b);
    expect(again.status).toBe(201);
    expect(again.body.order.id).toBe(orderId);
    expect(again.body.order.orderNumber).toBe(placed.order.orderNumber);
    expect(again.body.payment).toMatchObject({ status: "requires_payment", amountCents: firstTotal });
    expect((await paymentRows(orderId)).map((p) => [p.status, p.amountCents])).toEqual([
      ["cancelled", firstTotal],
      ["requires_payment", firstTotal],
    ]);
    expect(await ordersOf(b.id)).toHaveLength(1);
    // Same total: nothing was re-priced.
    expect((await events(orderId)).map((e) => e.type)).not.toContain("repriced");
  });

  it("a changed cart, contact and address go into that order, re-priced ('repriced' event); the attempt for the old amount is replaced", async () => {
    await fillCart(b, b.id, 3);
    const contact = { email: "new@example.com", firstName: "Berta", lastName: "Neu", phone: null };
    const shippingAddress = {
      firstName: "Berta",
      lastName: "Neu",
      street1: "Neuer Weg 2",
      street2: null,
      city: "Hamburg",
      postalCode: "20095",
      countryCode: "DE",
    };
    const res = await placeOrder(checkoutBody({ contact, shippingAddress }), b);
    expect(res.status).toBe(201);
    const { order, payment } = res.body;
    expect(order.id).toBe(orderId);
    expect(order.items).toHaveLength(1);
    expect(order.items[0]?.quantity).toBe(3);
    expect(order.totalCents).not.toBe(firstTotal);
    expect(order).toMatchObject({
      email: "new@example.com",
      firstName: "Berta",
      shippingAddress: { city: "Hamburg", street1: "Neuer Weg 2" },
      billingAddress: { city: "Hamburg" },
    });
    expect(payment).toMatchObject({ status: "requires_payment", amountCents: order.totalCents });
    expect((await paymentRows(orderId)).map((p) => [p.status, p.amountCents])).toEqual([
      ["cancelled", firstTotal],
      ["cancelled", firstTotal],
      ["requires_payment", order.totalCents],
    ]);
    const repriced = (await events(orderId)).filter((e) => e.type === "repriced");
    expect(repriced).toHaveLength(1);
    expect(repriced[0]?.data).toMatchObject({ fromTotalCents: firstTotal, toTotalCents: order.totalCents });
    expect(await (await getDb()).$count(orderAddresses, eq(orderAddresses.orderId, orderId))).toBe(2);
    expect(await ordersOf(b.id)).toHaveLength(1);
  });

  it("paying it pays the one order; the next checkout after that is a new order", async () => {
    expect((await paySandbox(orderId, card(CARDS.ok), b)).body.status).toBe("succeeded");
    expect((await listOrders(b)).body.map((o) => [o.id, o.paymentStatus])).toEqual([[orderId, "paid"]]);
    await fillCart(b, b.id);
    const next = await placeOrder(checkoutBody(), b);
    expect(next.status).toBe(201);
    expect(next.body.order.id).not.toBe(orderId);
    expect(await ordersOf(b.id)).toHaveLength(2);
  });

  it("an order in the extra (3-D Secure) step is re-used too: the open step is cancelled before a new amount is asked for", async () => {
    const c = await newCustomer();
    const { order } = await placedOrder(c, c.id);
    expect((await paySandbox(order.id, card(CARDS.threeDs), c)).body.status).toBe("requires_action");
    await fillCart(c, c.id, 2);
    const res = await placeOrder(checkoutBody(), c);
    expect(res.body.order.id).toBe(order.id);
    expect((await paymentRows(order.id)).map((p) => p.status)).toEqual(["cancelled", "requires_payment"]);
    // The old step cannot complete any more.
    expect((await authenticateSandbox(order.id, { approve: true }, c)).status).toBe(409);
  });
});

describe("unpaid orders expire", () => {
  const HOUR = 3_600_000;

  it("expireUnpaidOrders cancels unpaid orders older than UNPAID_ORDER_EXPIRY_HOURS ('expired' by the system); paid and recent ones stay", async () => {
    const b = await newCustomer();
    const { order: unpaid } = await placedOrder(b, b.id);
    const c = await newCustomer();
    const { order: paid } = await placedOrder(c, c.id);
    await paySandbox(paid.id, card(CARDS.ok), c);

    // 47 hours later nothing is due (default 48).
    expect(await expireUnpaidOrders(new Date(Date.now() + 47 * HOUR), { userId: b.id })).toBe(0);
    expect((await getOrder(unpaid.id, b)).body.status).toBe("pending");

    const later = new Date(Date.now() + 49 * HOUR);
    expect(await expireUnpaidOrders(later, { userId: b.id })).toBe(1);
    expect(await expireUnpaidOrders(later, { userId: c.id })).toBe(0);
    const shown = await getOrder(unpaid.id, b);
    expect(shown.body).toMatchObject({ status: "cancelled", paymentStatus: "unpaid", cancellable: false });
    expect((await paymentRows(unpaid.id)).map((p) => p.status)).toEqual(["cancelled"]);
    const expired = (await events(unpaid.id)).filter((e) => e.type === "expired");
    expect(expired.map((e) => [e.actor, e.fromStatus, e.toStatus])).toEqual([["system", "pending", "cancelled"]]);
    expect((await getOrder(paid.id, c)).body).toMatchObject({ status: "pending", paymentStatus: "paid" });
    // Nothing to pay any more.
    expect((await retryPayment(unpaid.id, b)).status).toBe(409);
    expect((await paySandbox(unpaid.id, card(CARDS.ok), b)).status).toBe(409);
    // A second pass does nothing.
    expect(await expireUnpaidOrders(later, { userId: b.id })).toBe(0);
  });

  it("the time is configurable, and expiry happens lazily when the customer lists or opens orders", async () => {
    process.env.UNPAID_ORDER_EXPIRY_HOURS = "2";
    resetEnvCache();
    try {
      const b = await newCustomer();
      const { order } = await placedOrder(b, b.id);
      const db = await getDb();
      const threeHoursAgo = new Date(Date.now() - 3 * HOUR);
      await db.update(orders).set({ createdAt: threeHoursAgo, updatedAt: threeHoursAgo }).where(eq(orders.id, order.id));
      await db.update(payments).set({ createdAt: threeHoursAgo }).where(eq(payments.orderId, order.id));
      const listed = await listOrders(b);
      expect(listed.body.map((o) => [o.id, o.status])).toEqual([[order.id, "cancelled"]]);
      expect((await getOrder(order.id, b)).body.status).toBe("cancelled");
      // The next checkout is a new order, not the expired one.
      await fillCart(b, b.id);
      const next = await placeOrder(checkoutBody(), b);
      expect(next.status).toBe(201);
      expect(next.body.order.id).not.toBe(order.id);
    } finally {
      delete process.env.UNPAID_ORDER_EXPIRY_HOURS;
      resetEnvCache();
    }
  });

  it("a new attempt counts as activity: an order whose customer retried recently does not expire", async () => {
    const b = await newCustomer();
    const { order } = await placedOrder(b, b.id);
    const db = await getDb();
    const old = new Date(Date.now() - 50 * HOUR);
    await db.update(orders).set({ createdAt: old, updatedAt: old }).where(eq(orders.id, order.id));
    await paySandbox(order.id, card(CARDS.declined), b);
    await db.update(payments).set({ createdAt: old }).where(eq(payments.orderId, order.id));
    expect((await retryPayment(order.id, b)).status).toBe(409); // the retry itself found it expired
    const c = await newCustomer();
    const { order: fresh } = await placedOrder(c, c.id);
    await db.update(orders).set({ createdAt: old, updatedAt: old }).where(eq(orders.id, fresh.id));
    await paySandbox(fresh.id, card(CARDS.declined), c);
    const retried = await retryPayment(fresh.id, c); // a new attempt now
    expect(retried.status).toBe(200);
    expect(await expireUnpaidOrders(new Date(), { userId: c.id })).toBe(0);
    expect((await getOrder(fresh.id, c)).body.status).toBe("pending");
  });
});

describe("production refuses the sandbox unless PAYMENTS_SANDBOX=true", () => {
  // process.env.NODE_ENV is typed read-only (Next); the environment is read afresh after resetEnvCache().
  const env = process.env as Record<string, string | undefined>;
  function production(sandbox: boolean | null) {
    env.NODE_ENV = "production";
    if (sandbox === null) delete process.env.PAYMENTS_SANDBOX;
    else process.env.PAYMENTS_SANDBOX = String(sandbox);
    resetEnvCache();
  }
  function restore() {
    env.NODE_ENV = "test";
    delete process.env.PAYMENTS_SANDBOX;
    resetEnvCache();
  }

  it("without Stripe keys: config and checkout answer 503 'Payment provider key is missing'; the test-card routes 409; nothing is created", async () => {
    const b = await newCustomer();
    const { order } = await placedOrder(b, b.id); // placed before the switch
    await fillCart(b, b.id, 2);
    for (const setting of [null, false] as const) {
      production(setting);
      try {
        const config = await paymentConfig(b);
        expect(config.status).toBe(503);
        expect(config.body.message).toBe("Payment provider key is missing");
        const placed = await placeOrder(checkoutBody(), b);
        expect(placed.status).toBe(503);
        expect(placed.body.message).toBe("Payment provider key is missing");
        const pay = await paySandbox(order.id, card(CARDS.ok), b);
        expect(pay.status).toBe(409);
        expect(pay.body.message).toBe("Test-mode payments are not available");
        const step = await authenticateSandbox(order.id, { approve: true }, b);
        expect(step.status).toBe(409);
        expect(step.body.message).toBe("Test-mode payments are not available");
        const de = await placeOrder(checkoutBody(), b, "de");
        expect(de.status).toBe(503);
        expect(de.body.message).toBe(deMessages.errors.paymentKeyMissing);
      } finally {
        restore();
      }
    }
    expect(await ordersOf(b.id)).toHaveLength(1);
    expect((await paymentRows(order.id)).map((p) => p.status)).toEqual(["requires_payment"]);
  });

  it("with PAYMENTS_SANDBOX=true the sandbox works in production (demo, browser tests)", async () => {
    const b = await newCustomer();
    production(true);
    try {
      expect((await paymentConfig(b)).body).toEqual({ provider: "sandbox", testMode: true, publishableKey: null });
      const { order } = await placedOrder(b, b.id);
      expect((await paySandbox(order.id, card(CARDS.ok), b)).body.status).toBe("succeeded");
    } finally {
      restore();
    }
  });
});

describe("the payment failure page's data", () => {
  it("GET /api/user/orders/{orderId} names the order and the provider's reason in the caller's language; another customer 404", async () => {
    const b = await newCustomer();
    const { order } = await placedOrder(b, b.id);
    await paySandbox(order.id, card(CARDS.declined), b);
    const en = await getOrder(order.id, b, "en");
    expect(en.body).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      paymentStatus: "unpaid",
      paymentFailureMessage: "Your card was declined.",
    });
    expect((await getOrder(order.id, b, "de")).body.paymentFailureMessage).toBe("Deine Karte wurde abgelehnt.");
    expect((await getOrder(order.id, "other")).status).toBe(404);
    // The list says it in the caller's language too.
    expect((await listOrders(b, "de")).body.find((o) => o.id === order.id)?.paymentFailureMessage).toBe("Deine Karte wurde abgelehnt.");
    expect((await listOrders(b, "en")).body.find((o) => o.id === order.id)?.paymentFailureMessage).toBe("Your card was declined.");
  });
});
