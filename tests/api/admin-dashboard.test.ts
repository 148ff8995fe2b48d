import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { cartItems, carts, generations, orderEvents, orderItems, orders, outgoingMail, payments, prompts, refunds } from "@/db/schema";
import type { Dashboard } from "@/lib/schemas/dashboard";
import * as dashboardRoute from "@/app/api/admin/dashboard/route";
import { call, cookieFor, type Role } from "../helpers/api";
import { seedOrder, type SeedLine } from "../helpers/admin-orders-db";
import { seededMug, userIdOf, type ErrorBody } from "../helpers/orders";
import { TEST_USERS } from "../helpers/test-db";

async function get(query: Record<string, string>, who: Role = "admin") {
  return call<Dashboard & ErrorBody>(dashboardRoute.GET, {
    path: `/api/admin/dashboard?${new URLSearchParams(query).toString()}`,
    cookie: await cookieFor(who),
  });
}

const day = (iso: string) => new Date(iso);
let promptA: number;
let promptB: number;

/** A paid order: its "paid" event at `paidAt`, lines optionally with a prompt, an optional discount on the first line. */
async function paidOrder(paidAt: string, lines: (SeedLine & { promptId?: number })[], opts: { discountCents?: number } = {}) {
  const db = await getDb();
  const order = await seedOrder({ status: "delivered", paid: true, createdAt: day(paidAt), lines, shippingCents: 490 });
  for (const [index, line] of lines.entries()) {
    if (line.promptId)
      await db
        .update(orderItems)
        .set({ promptId: line.promptId })
        .where(eq(orderItems.id, order.itemIds[index] ?? 0));
  }
  let totalCents = order.totalCents;
  if (opts.discountCents) {
    totalCents -= opts.discountCents;
    await db
      .update(orderItems)
      .set({ discountCents: opts.discountCents })
      .where(eq(orderItems.id, order.itemIds[0] ?? 0));
    await db.update(orders).set({ discountCents: opts.discountCents, totalCents }).where(eq(orders.id, order.id));
  }
  await db.insert(orderEvents).values({ orderId: order.id, type: "paid", actor: "provider", createdAt: day(paidAt) });
  await db
    .update(orders)
    .set({ paidAt: day(paidAt) })
    .where(eq(orders.id, order.id));
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  return { ...order, totalCents, taxCents: row?.taxCents ?? 0 };
}

async function generation(promptId: number | null, startedAt: string, micro: number, status: "SUCCEEDED" | "FAILED" = "SUCCEEDED") {
  const db = await getDb();
  await db.insert(generations).values({
    promptId,
    provider: "openai",
    model: promptId === null ? "gpt-image-1-mini" : "gpt-image-1",
    promptText: "a style",
    status,
    startedAt: day(startedAt),
    costMicroCents: micro,
  });
}

describe("GET /api/admin/dashboard", () => {
  // March 2022, ten Berlin days; the period before is 19–28 February.
  const query = { from: "2022-03-01", to: "2022-03-10" };
  const made: Record<string, { id: string; totalCents: number; taxCents: number }> = {};

  beforeAll(async () => {
    const db = await getDb();
    const seeded = await db.select({ id: prompts.id }).from(prompts).orderBy(prompts.id).limit(2);
    promptA = seeded[0]?.id ?? 0;
    promptB = seeded[1]?.id ?? 0;
    // 23:30 UTC on 28 February is 00:30 on 1 March in Berlin: inside.
    made.first = await paidOrder("2022-02-28T23:30:00Z", [{ unitPriceCents: 2000, vatPercent: 19, promptId: promptA }]);
    made.second = await paidOrder(
      "2022-03-05T10:00:00Z",
      [
        { unitPriceCents: 1500, vatPercent: 19, quantity: 2, promptId: promptA },
        { unitPriceCents: 1000, vatPercent: 7, promptId: promptB },
      ],
      { discountCents: 400 },
    );
    // 23:30 UTC on 10 March is 11 March in Berlin: outside.
    made.after = await paidOrder("2022-03-10T23:30:00Z", [{ unitPriceCents: 9900, vatPercent: 19, promptId: promptB }]);
    made.before = await paidOrder("2022-02-20T12:00:00Z", [{ unitPriceCents: 3000, vatPercent: 19 }]);
    // Placed in the period but never paid: not revenue.
    await seedOrder({ status: "pending", createdAt: day("2022-03-03T12:00:00Z"), lines: [{ unitPriceCents: 5000, vatPercent: 19 }] });

    const [payment] = await db.select().from(payments).where(eq(payments.orderId, made.second.id));
    await db.insert(refunds).values([
      {
        orderId: made.second.id,
        paymentId: payment?.id ?? 0,
        amountCents: 700,
        reason: "chipped",
        status: "succeeded",
        idempotencyKey: "dash-refund-1",
        source: "admin",
        createdAt: day("2022-03-08T09:00:00Z"),
      },
      {
        orderId: made.second.id,
        paymentId: payment?.id ?? 0,
        amountCents: 300,
        reason: "late",
        status: "succeeded",
        idempotencyKey: "dash-refund-2",
        source: "admin",
        createdAt: day("2022-03-12T09:00:00Z"),
      },
    ]);

    await generation(promptA, "2022-03-02T08:00:00Z", 4_200_000);
    await generation(promptA, "2022-03-02T09:00:00Z", 4_200_000);
    await generation(promptA, "2022-03-09T09:00:00Z", 0, "FAILED");
    await generation(promptB, "2022-03-04T09:00:00Z", 3_900_000);
    await generation(null, "2022-03-04T10:00:00Z", 1_000_000);
    await generation(promptB, "2022-02-25T09:00:00Z", 9_000_000);

    const customerId = await userIdOf(TEST_USERS.customer.email);
    const { mugId, variantId, priceCents } = await seededMug();
    const [cart] = await db.insert(carts).values({ userId: customerId }).returning();
    await db.insert(cartItems).values({
      cartId: cart?.id ?? 0,
      articleId: mugId,
      mugVariantId: variantId,
      promptId: promptB,
      quantity: 1,
      unitPriceCents: priceCents,
      vatPercent: 19,
      createdAt: day("2022-03-06T09:00:00Z"),
    });
  });

  it("answers every figure as the sums of the rows of the period, by Berlin day", async () => {
    const res = await get(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body;
    const inPeriod = [made.first, made.second];
    const gross = inPeriod.reduce((s, o) => s + (o?.totalCents ?? 0), 0);
    const tax = inPeriod.reduce((s, o) => s + (o?.taxCents ?? 0), 0);
    expect(gross).toBe(2000 + 490 + (3000 + 1000 + 490 - 400));
    expect(d.revenue).toEqual({ grossCents: gross, netCents: gross - tax });
    expect(d.orders).toBe(2);
    expect(d.averageOrderCents).toBe(Math.round(gross / 2));
    expect(d.refundsCents).toBe(700);
    expect(d.discountsCents).toBe(400);

    expect(d.series).toHaveLength(10);
    expect(d.series[0]).toEqual({ date: "2022-03-01", grossCents: made.first?.totalCents, orders: 1 });
    expect(d.series[4]).toEqual({ date: "2022-03-05", grossCents: made.second?.totalCents, orders: 1 });
    expect(d.series.reduce((s, x) => s + x.grossCents, 0)).toBe(gross);
    expect(d.series.filter((x) => x.orders === 0)).toHaveLength(8);

    expect(d.previous).toMatchObject({ from: "2022-02-19", to: "2022-02-28", orders: 1, revenue: { grossCents: made.before?.totalCents } });

    const a = d.styles.find((s) => s.promptId === promptA);
    const b = d.styles.find((s) => s.promptId === promptB);
    // Put in a cart: lines still in carts plus lines of orders placed in the period.
    expect(a).toMatchObject({ generations: 3, cartLines: 2, paidLines: 2, revenueCents: 2000 + 3000 - 400, aiCostCents: 8 });
    expect(a?.conversion).toBeCloseTo(2 / 3, 3);
    expect(b).toMatchObject({ generations: 1, cartLines: 2, paidLines: 1, revenueCents: 1000, aiCostCents: 4 });
    expect(d.styles[0]?.promptId).toBe(promptA);

    expect(d.ai.spentCents).toBe(Math.round((4_200_000 * 2 + 3_900_000 + 1_000_000) / 1_000_000));
    expect(d.ai.budgetCents).toBe(50 * 100 * 10);
    expect(d.ai.perDay.find((x) => x.date === "2022-03-02")).toEqual({ date: "2022-03-02", costCents: 8, generations: 2 });
    expect(d.ai.perModel).toContainEqual({ provider: "openai", model: "gpt-image-1", generations: 4, failed: 1, costCents: 12 });
    expect(d.ai.costPerPaidOrderCents).toBe(Math.round(d.ai.spentCents / 2));

    const units = d.articles.reduce((s, x) => s + x.units, 0);
    expect(units).toBe(1 + 2 + 1);
    expect(d.articles.reduce((s, x) => s + x.revenueCents, 0)).toBe(2000 + 3000 - 400 + 1000);
    for (const x of d.articles) expect(x.marginCents).toBe(x.netCents - x.purchaseCents - x.aiCostCents);
  });

  it("lists what needs action, each with its count, oldest case and a link", async () => {
    const db = await getDb();
    const now = Date.now();
    // Paid and still pending: production has not started.
    const waiting = await seedOrder({ status: "pending", paid: true, createdAt: new Date(now - 3 * 3600_000) });
    await db
      .update(orders)
      .set({ paidAt: new Date(now - 2 * 3600_000) })
      .where(eq(orders.id, waiting.id));
    const slow = await seedOrder({ status: "processing", paid: true, createdAt: new Date(now - 6 * 86_400_000) });
    await db
      .update(orders)
      .set({ processedAt: new Date(now - 5 * 86_400_000) })
      .where(eq(orders.id, slow.id));
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, slow.id));
    const refund = (key: string, status: "failed" | "succeeded") => ({
      orderId: slow.id,
      paymentId: payment?.id ?? 0,
      amountCents: 100,
      reason: "r",
      status,
      idempotencyKey: key,
      source: "admin" as const,
    });
    await db.insert(refunds).values(refund("dash-failed-then-ok", "failed"));
    await db.insert(refunds).values(refund("dash-ok", "succeeded"));
    await db.insert(refunds).values(refund("dash-failed", "failed"));
    await db.insert(orderEvents).values([
      { orderId: waiting.id, type: "dispute_opened", actor: "provider" },
      { orderId: slow.id, type: "dispute_opened", actor: "provider" },
      { orderId: slow.id, type: "dispute_closed", actor: "provider" },
      { orderId: slow.id, type: "amount_mismatch", actor: "provider" },
    ]);
    await db.insert(outgoingMail).values({ to: "x@example.com", subject: "s", text: "t", status: "failed", attempts: 8 });

    const res = await get({});
    expect(res.status).toBe(200);
    const by = Object.fromEntries(res.body.needsAction.map((n) => [n.kind, n]));
    expect(by.unprocessed).toMatchObject({ count: 1, orders: [{ id: waiting.id }], href: "/admin/orders?attention=unprocessed" });
    expect(by.processingLong).toMatchObject({ count: 1, orders: [{ id: slow.id }] });
    expect(by.failedRefunds).toMatchObject({
      count: 1,
      orders: [{ id: slow.id }],
      href: "/admin/orders/history?status=all&attention=refundFailed",
    });
    expect(by.openDisputes).toMatchObject({ count: 1, orders: [{ id: waiting.id }] });
    expect(by.amountMismatches).toMatchObject({ count: 1, orders: [{ id: slow.id }] });
    expect(by.failingMails).toMatchObject({ count: 1, href: "/admin/mail?status=failed" });
    expect(new Date(by.unprocessed?.oldestAt ?? 0).getTime()).toBe(now - 2 * 3600_000);
  });

  it("refuses a reversed, a too long or a malformed period with field errors", async () => {
    const reversed = await get({ from: "2022-03-10", to: "2022-03-01" });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors?.to).toBe("The end date must not be before the start date.");
    const long = await get({ from: "2021-01-01", to: "2022-03-01" });
    expect(long.status).toBe(422);
    expect(long.body.errors?.to).toBe("The period can be at most 366 days.");
    const bad = await get({ from: "2022-02-30" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.from).toBe("Please enter a valid date (YYYY-MM-DD).");
  });

  it("is for admins only: anonymous 401, customer 403", async () => {
    expect((await get(query, "anonymous")).status).toBe(401);
    expect((await get(query, "customer")).status).toBe(403);
  });
});
