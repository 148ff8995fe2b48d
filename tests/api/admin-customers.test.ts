import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accountErasures, orders, payments, refunds, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { exportAccount } from "@/lib/services/account";
import type { CustomerDetail, CustomerPage } from "@/lib/schemas/customers";
import * as listRoute from "@/app/api/admin/customers/route";
import * as detailRoute from "@/app/api/admin/customers/[customerId]/route";
import * as exportRoute from "@/app/api/admin/customers/[customerId]/export/route";
import * as eraseRoute from "@/app/api/admin/customers/[customerId]/erase/route";
import * as linkRoute from "@/app/api/admin/customers/[customerId]/password-link/route";
import { call, cookieFor, type Role } from "../helpers/api";
import { seedOrder } from "../helpers/admin-orders-db";
import { queuedMails } from "../helpers/mail";
import { userIdOf, type ErrorBody } from "../helpers/orders";
import { TEST_USERS, tempDir } from "../helpers/test-db";

const list = async (query: Record<string, string>, who: Role = "admin") =>
  call<CustomerPage & ErrorBody>(listRoute.GET, {
    path: `/api/admin/customers?${new URLSearchParams(query)}`,
    cookie: await cookieFor(who),
  });
const detail = async (id: number, who: Role = "admin") =>
  call<CustomerDetail & ErrorBody>(detailRoute.GET, {
    path: `/api/admin/customers/${id}`,
    params: { customerId: String(id) },
    cookie: await cookieFor(who),
  });
const exportOf = async (id: number, who: Role = "admin") =>
  call<Record<string, unknown> & ErrorBody>(exportRoute.GET, {
    path: `/api/admin/customers/${id}/export`,
    params: { customerId: String(id) },
    cookie: await cookieFor(who),
  });
const erase = async (id: number, body: unknown, who: Role = "admin") =>
  call<ErrorBody>(eraseRoute.POST, {
    method: "POST",
    path: `/api/admin/customers/${id}/erase`,
    params: { customerId: String(id) },
    body,
    cookie: await cookieFor(who),
    headers: { origin: "http://localhost" },
  });
const passwordLink = async (id: number, who: Role = "admin") =>
  call<ErrorBody>(linkRoute.POST, {
    method: "POST",
    path: `/api/admin/customers/${id}/password-link`,
    params: { customerId: String(id) },
    cookie: await cookieFor(who),
    headers: { origin: "http://localhost" },
  });

async function paid(
  userId: number | null,
  totalLines: number,
  opts: { email?: string; createdAt?: Date; orderNumber?: string; refund?: number } = {},
) {
  const db = await getDb();
  const order = await seedOrder({
    userId,
    status: "delivered",
    paid: true,
    email: opts.email,
    createdAt: opts.createdAt,
    orderNumber: opts.orderNumber,
    lines: [{ unitPriceCents: totalLines, vatPercent: 19 }],
    shippingCents: 0,
  });
  await db
    .update(orders)
    .set({ paidAt: opts.createdAt ?? new Date() })
    .where(eq(orders.id, order.id));
  if (opts.refund) {
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    await db.insert(refunds).values({
      orderId: order.id,
      paymentId: payment?.id ?? 0,
      amountCents: opts.refund,
      reason: "r",
      status: "succeeded",
      idempotencyKey: `cust-${order.id}`,
      source: "admin",
    });
  }
  return order;
}

let customerId: number;
let otherId: number;
let guestIds: number[];

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-customers-");
  delete process.env.SMTP_URL;
  resetEnvCache();
  const db = await getDb();
  customerId = await userIdOf(TEST_USERS.customer.email);
  otherId = await userIdOf(TEST_USERS.other.email);
  await db.update(users).set({ firstName: "Clara", lastName: "Kunde" }).where(eq(users.id, customerId));
  await paid(customerId, 3000, { createdAt: new Date("2025-05-01T10:00:00Z"), refund: 500 });
  await paid(customerId, 2000, { createdAt: new Date("2025-06-01T10:00:00Z"), orderNumber: "MM-2025-777001" });
  // Two guest checkouts with one email (a guest account each): anybody may type any email, so they are two
  // customers, not one. A third guest never ordered.
  const guests = await db
    .insert(users)
    .values([
      { email: "gast@example.org", firstName: "Gerd", lastName: "Gast", roles: ["guest"] },
      { email: "gast@example.org", firstName: "Gerd", lastName: "Gastmann", roles: ["guest"] },
      { email: "browsing@example.org", roles: ["guest"] },
    ])
    .returning({ id: users.id });
  guestIds = guests.map((g) => g.id);
  await paid(guestIds[0] ?? 0, 1500, { email: "gast@example.org", createdAt: new Date("2025-03-01T10:00:00Z") });
  await paid(guestIds[1] ?? 0, 2500, {
    email: "gast@example.org",
    createdAt: new Date("2025-07-01T10:00:00Z"),
    orderNumber: "MM-2025-888001",
  });
});

describe("access matrix for /api/admin/customers", () => {
  const routes: [string, (who: Role) => Promise<{ status: number }>][] = [
    ["GET /api/admin/customers", (who) => list({}, who)],
    ["GET /api/admin/customers/{id}", (who) => detail(customerId, who)],
    ["GET /api/admin/customers/{id}/export", (who) => exportOf(customerId, who)],
    ["POST /api/admin/customers/{id}/erase", (who) => erase(customerId, { reason: "" }, who)],
    ["POST /api/admin/customers/{id}/password-link", (who) => passwordLink(otherId, who)],
  ];
  it.each(routes)("%s – anonymous 401, customer 403, admin not refused", async (_name, as) => {
    expect((await as("anonymous")).status).toBe(401);
    expect((await as("customer")).status).toBe(403);
    expect([200, 422]).toContain((await as("admin")).status);
  });

  it("an unknown id, an admin and a guest who never ordered are no customers: 404", async () => {
    const adminId = await userIdOf(TEST_USERS.admin.email);
    for (const id of [2_000_000_000, adminId, guestIds[2] ?? 0]) {
      const res = await detail(id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Customer not found");
    }
  });
});

describe("GET /api/admin/customers", () => {
  it("lists accounts and one row per guest account with orders, spent after refunds and the last order", async () => {
    const res = await list({ pageSize: "100" });
    expect(res.status).toBe(200);
    const byEmail = Object.fromEntries(res.body.items.map((i) => [i.email, i]));
    expect(byEmail[TEST_USERS.customer.email]).toEqual({
      id: customerId,
      email: TEST_USERS.customer.email,
      name: "Clara Kunde",
      kind: "customer",
      orders: 2,
      spentCents: 3000 - 500 + 2000,
      lastOrderAt: "2025-06-01T10:00:00.000Z",
    });
    const guests = res.body.items.filter((i) => i.email === "gast@example.org");
    expect(guests).toEqual([
      expect.objectContaining({ id: guestIds[1], name: "Gerd Gastmann", kind: "guest", orders: 1, spentCents: 2500 }),
      expect.objectContaining({ id: guestIds[0], name: "Gerd Gast", kind: "guest", orders: 1, spentCents: 1500 }),
    ]);
    expect(byEmail["browsing@example.org"]).toBeUndefined();
    expect(res.body.items.some((i) => i.email === TEST_USERS.admin.email)).toBe(false);
    // Newest order first by default.
    expect(res.body.items[0]?.email).toBe("gast@example.org");
  });

  it("searches name, email and order number; filters by kind; sorts and pages through the URL", async () => {
    expect((await list({ q: "kunde" })).body.items.map((i) => i.id)).toEqual([customerId]);
    expect((await list({ q: "GAST@example" })).body.items.map((i) => i.kind)).toEqual(["guest", "guest"]);
    // An order number finds its own account only, not the other guest accounts of its email.
    expect((await list({ q: "888001" })).body.items.map((i) => i.id)).toEqual([guestIds[1]]);
    expect((await list({ q: "777001" })).body.items.map((i) => i.id)).toEqual([customerId]);
    expect((await list({ kind: "guest" })).body.items.every((i) => i.kind === "guest")).toBe(true);
    const bySpent = (await list({ sort: "-spent", pageSize: "1" })).body;
    expect(bySpent.items[0]?.email).toBe(TEST_USERS.customer.email);
    expect(bySpent.total).toBeGreaterThanOrEqual(2);
    const second = (await list({ sort: "-spent", pageSize: "1", page: "2" })).body;
    expect(second.items[0]?.id).toBe(guestIds[1]);
    expect((await list({ sort: "bogus" })).status).toBe(422);
  });
});

describe("a customer's page and actions", () => {
  it("shows contact, orders, generations and the timeline; a guest account shows only its own orders", async () => {
    const res = await detail(customerId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: TEST_USERS.customer.email, kind: "customer", orders: 2 });
    expect(res.body.orderList.map((o) => o.orderNumber)[0]).toBe("MM-2025-777001");
    expect(res.body.timeline.filter((e) => e.what === "orderPaid")).toHaveLength(2);
    expect(res.body.generations).toEqual({ count: 0, failed: 0, aiCostCents: 0 });

    const a = await detail(guestIds[0] ?? 0);
    const b = await detail(guestIds[1] ?? 0);
    expect(a.body).toMatchObject({ id: guestIds[0], name: "Gerd Gast", orders: 1, spentCents: 1500 });
    expect(b.body).toMatchObject({ id: guestIds[1], name: "Gerd Gastmann", orders: 1, spentCents: 2500 });
    expect(b.body.orderList.map((o) => o.orderNumber)).toEqual(["MM-2025-888001"]);
    expect(a.body.orderList.map((o) => o.orderNumber)).not.toContain("MM-2025-888001");
    expect(a.body.addresses.map((x) => x.kind).sort()).toEqual(["shipping"]);
  });

  it("downloads the same JSON the customer's own export gives", async () => {
    const res = await exportOf(customerId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="mugmagic-data-/);
    const own = await exportAccount(customerId, "http://localhost/api/admin/customers");
    expect({ ...res.body, exportedAt: "" }).toEqual(JSON.parse(JSON.stringify({ ...own, exportedAt: "" })));
  });

  it("downloads a guest account's own data only, never another guest checkout with its email", async () => {
    const res = await exportOf(guestIds[0] ?? 0);
    expect(res.status).toBe(200);
    const own = await exportAccount(guestIds[0] ?? 0, "http://localhost/api/admin/customers");
    expect({ ...res.body, exportedAt: "" }).toEqual(JSON.parse(JSON.stringify({ ...own, exportedAt: "" })));
    expect(JSON.stringify(res.body)).not.toContain("MM-2025-888001");
  });

  it("mails the password link a customer would ask for", async () => {
    const res = await passwordLink(otherId);
    expect(res.status).toBe(200);
    const [mail] = await queuedMails(TEST_USERS.other.email);
    expect(mail?.text).toContain("/reset-password?token=");
  });

  it("erases a guest account with a reason: its orders with money kept and detached, the reason recorded, then 404", async () => {
    expect((await erase(guestIds[0] ?? 0, { reason: " " })).status).toBe(422);
    const res = await erase(guestIds[0] ?? 0, { reason: "Asked by mail on 2 March" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const db = await getDb();
    expect(
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.id, guestIds.slice(0, 2)))
      ).map((u) => u.id),
    ).toEqual([guestIds[1]]);
    const kept = await db.select().from(orders).where(eq(orders.email, "gast@example.org"));
    expect(kept).toHaveLength(2);
    // The other guest checkout of the email is another customer: untouched.
    expect(kept.filter((o) => o.userId === null && o.customerErasedAt !== null)).toHaveLength(1);
    expect(kept.find((o) => o.orderNumber === "MM-2025-888001")?.userId).toBe(guestIds[1]);
    const recorded = await db.select().from(accountErasures).where(eq(accountErasures.reason, "Asked by mail on 2 March"));
    expect(recorded.map((r) => [r.by, r.ordersKept])).toEqual([["admin", 1]]);
    expect((await detail(guestIds[0] ?? 0)).status).toBe(404);
    expect((await erase(guestIds[0] ?? 0, { reason: "again" })).status).toBe(404);
    expect((await detail(guestIds[1] ?? 0)).status).toBe(200);
  });
});
