import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customerStats, orders, payments, refunds, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { seedOrder } from "../helpers/admin-orders-db";
import { tempDir } from "../helpers/test-db";

/** customer_stats is kept by database triggers: after any write to orders or refunds it equals a recount. */

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-customer-stats-");
  resetEnvCache();
});

async function account(): Promise<number> {
  const db = await getDb();
  const [u] = await db
    .insert(users)
    .values({ email: `stats-${randomUUID()}@example.com`, passwordHash: "x", roles: ["customer"] })
    .returning({ id: users.id });
  if (!u) throw new Error("no user");
  return u.id;
}

async function stored(userId: number) {
  const db = await getDb();
  const [row] = await db.select().from(customerStats).where(eq(customerStats.userId, userId));
  return row ? { orders: row.orders, spentCents: row.spentCents, lastOrderAt: row.lastOrderAt?.toISOString() ?? null } : null;
}

async function recount(userId: number) {
  const db = await getDb();
  const mine = await db.select().from(orders).where(eq(orders.userId, userId));
  const back = await db
    .select({ cents: refunds.amountCents })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(sql`${orders.userId} = ${userId} and ${refunds.status} = 'succeeded'`);
  const last = mine.map((o) => o.createdAt.getTime()).sort((a, b) => b - a)[0];
  return {
    orders: mine.length,
    spentCents: mine.filter((o) => o.paidAt).reduce((s, o) => s + o.totalCents, 0) - back.reduce((s, r) => s + r.cents, 0),
    lastOrderAt: last === undefined ? null : new Date(last).toISOString(),
  };
}

async function refund(orderId: string, amountCents: number, status: "pending" | "succeeded" | "failed") {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error("no payment");
  const [row] = await db
    .insert(refunds)
    .values({ orderId, paymentId: payment.id, amountCents, reason: "test", status, idempotencyKey: randomUUID(), source: "admin" })
    .returning({ id: refunds.id });
  if (!row) throw new Error("no refund");
  return row.id;
}

describe("customer_stats", () => {
  it("follows orders placed, paid, refunded, re-priced, moved, detached and deleted", async () => {
    const db = await getDb();
    const a = await account();
    const b = await account();
    const check = async () => {
      for (const id of [a, b]) {
        const expected = await recount(id);
        expect(await stored(id)).toEqual(expected.orders === 0 && (await stored(id)) === null ? null : expected);
      }
    };

    const first = await seedOrder({ userId: a, paid: true, createdAt: new Date("2026-03-01T10:00:00Z") });
    await db
      .update(orders)
      .set({ paidAt: new Date("2026-03-01T10:05:00Z") })
      .where(eq(orders.id, first.id));
    await check();
    expect((await stored(a))?.spentCents).toBe(first.totalCents);

    const second = await seedOrder({ userId: a, createdAt: new Date("2026-04-01T10:00:00Z") });
    await check();
    expect((await stored(a))?.orders).toBe(2);
    expect((await stored(a))?.lastOrderAt).toBe("2026-04-01T10:00:00.000Z");

    const pending = await refund(first.id, 500, "pending");
    await check();
    await db.update(refunds).set({ status: "succeeded" }).where(eq(refunds.id, pending));
    await check();
    expect((await stored(a))?.spentCents).toBe(first.totalCents - 500);
    await refund(first.id, 100, "failed");
    await check();

    await db.update(orders).set({ totalCents: 9999, paidAt: new Date() }).where(eq(orders.id, second.id));
    await check();
    await db.update(orders).set({ userId: b }).where(eq(orders.id, second.id));
    await check();
    expect((await stored(b))?.orders).toBe(1);

    // An erased account's kept orders are detached; its never-paid ones are deleted.
    await db.update(orders).set({ userId: null }).where(eq(orders.id, first.id));
    await check();
    await db.delete(orders).where(eq(orders.id, second.id));
    await check();
    expect(await stored(b)).toMatchObject({ orders: 0, spentCents: 0, lastOrderAt: null });

    // The account goes, and its row with it.
    await seedOrder({ userId: b });
    await db.delete(users).where(eq(users.id, b));
    expect(await stored(b)).toBeNull();
  });
});
