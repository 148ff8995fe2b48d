import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { discountRedemptions, orders } from "@/db/schema";
import { eq } from "drizzle-orm";
import type { DiscountCodeDto, DiscountCodePage } from "@/lib/schemas/discount-codes";
import * as listRoute from "@/app/api/admin/discount-codes/route";
import * as itemRoute from "@/app/api/admin/discount-codes/[discountCodeId]/route";
import { call, cookieFor, type Role } from "../helpers/api";
import { seedOrder } from "../helpers/admin-orders-db";
import type { ErrorBody } from "../helpers/orders";

const write = { origin: "http://localhost" };
const list = async (query: Record<string, string> = {}, who: Role = "admin") =>
  call<DiscountCodePage & ErrorBody>(listRoute.GET, {
    path: `/api/admin/discount-codes?${new URLSearchParams(query)}`,
    cookie: await cookieFor(who),
  });
const create = async (body: unknown, who: Role = "admin") =>
  call<DiscountCodeDto & ErrorBody>(listRoute.POST, {
    method: "POST",
    path: "/api/admin/discount-codes",
    body,
    cookie: await cookieFor(who),
    headers: write,
  });
const item = async (method: "GET" | "PUT" | "DELETE", id: number, body?: unknown, who: Role = "admin") =>
  call<DiscountCodeDto & ErrorBody>(itemRoute[method], {
    method,
    path: `/api/admin/discount-codes/${id}`,
    params: { discountCodeId: String(id) },
    body,
    cookie: await cookieFor(who),
    headers: write,
  });

const winter = {
  code: "Winter10",
  kind: "percent",
  percent: 10,
  validFrom: "2026-12-01T00:00:00+01:00",
  validTo: "2027-01-01T00:00:00+01:00",
};

describe("access matrix for /api/admin/discount-codes", () => {
  it.each([
    ["GET /api/admin/discount-codes", (who: Role) => list({}, who)],
    ["POST /api/admin/discount-codes", (who: Role) => create({}, who)],
    ["GET /api/admin/discount-codes/{id}", (who: Role) => item("GET", 1, undefined, who)],
    ["PUT /api/admin/discount-codes/{id}", (who: Role) => item("PUT", 1, {}, who)],
    ["DELETE /api/admin/discount-codes/{id}", (who: Role) => item("DELETE", 1, undefined, who)],
  ])("%s – anonymous 401, customer 403", async (_name, as) => {
    expect((await as("anonymous")).status).toBe(401);
    expect((await as("customer")).status).toBe(403);
  });
});

describe("discount codes: create, read, update, delete", () => {
  it("creates a percent and a fixed code; a code is unique whatever its case", async () => {
    const made = await create(winter);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      code: "Winter10",
      kind: "percent",
      percent: 10,
      amountCents: null,
      validFrom: "2026-11-30T23:00:00.000Z",
      minOrderCents: 0,
      maxUses: null,
      active: true,
      uses: 0,
      revenueCents: 0,
    });
    const fixed = await create({
      code: "FIVE-OFF",
      kind: "fixed",
      amountCents: 500,
      percent: 30,
      minOrderCents: 2500,
      maxUses: 100,
      maxUsesPerCustomer: 1,
    });
    expect(fixed.status).toBe(201);
    expect(fixed.body).toMatchObject({ kind: "fixed", amountCents: 500, percent: null, maxUsesPerCustomer: 1 });
    const again = await create({ ...winter, code: "WINTER10" });
    expect(again.status).toBe(422);
    expect(again.body.errors?.code).toBe("This code exists already (upper and lower case count as the same).");
  });

  it("names each faulty field", async () => {
    const res = await create({ code: "x y", kind: "percent", percent: 0, validFrom: "2027-01-02", validTo: "2027-01-01", maxUses: 0 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      code: '3 to 32 letters, digits, "-" or "_".',
      percent: "Enter a whole percentage from 1 to 100.",
      maxUses: "Enter at least 1, or leave it empty for no limit.",
    });
    const fixed = await create({ code: "NOAMOUNT", kind: "fixed", validFrom: "2027-01-02", validTo: "2027-01-01" });
    expect(fixed.body.errors).toMatchObject({
      amountCents: "Enter an amount above 0.",
      validTo: "The end date must not be before the start date.",
    });
  });

  it("lists with a search, updates, and deletes an unused code; a used one stays (409) with its uses and revenue", async () => {
    const found = await list({ q: "winter" });
    expect(found.body.items.map((c) => c.code)).toEqual(["Winter10"]);
    const id = found.body.items[0]?.id ?? 0;
    const updated = await item("PUT", id, { ...winter, percent: 15, active: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ percent: 15, active: false });
    expect((await item("GET", 999_999)).status).toBe(404);

    const db = await getDb();
    const order = await seedOrder({ status: "delivered", paid: true });
    await db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id));
    await db.insert(discountRedemptions).values({ discountCodeId: id, orderId: order.id, amountCents: 200 });
    const used = await item("GET", id);
    expect(used.body).toMatchObject({ uses: 1, revenueCents: order.totalCents });
    const refused = await item("DELETE", id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Orders carry this code, so it stays for their records. Deactivate it instead.");

    const five = (await list({ q: "five" })).body.items[0]?.id ?? 0;
    expect((await item("DELETE", five)).status).toBe(200);
    expect((await item("GET", five)).status).toBe(404);
  });
});
