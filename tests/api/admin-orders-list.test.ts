import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import { type Role } from "../helpers/api";
import { seedOrder } from "../helpers/admin-orders-db";
import { checkoutBody, placedOrder, type ErrorBody } from "../helpers/orders";
import { at, customerId, detail, exportCsv, list, numbers, printPdf, setupAdminOrderFixtures } from "../helpers/admin-orders";

setupAdminOrderFixtures();

describe("access matrix", () => {
  let orderId: string;
  let itemId: number;
  beforeAll(async () => {
    const placed = await placedOrder("customer", customerId, { body: checkoutBody({ acceptWithdrawalWaiver: true }) });
    orderId = placed.order.id;
    itemId = placed.order.items[0]?.id ?? 0;
  });

  const routes: [
    string,
    () => Promise<{ status: number; body: unknown; headers: Headers }>,
    (who: Role) => Promise<{ status: number; body: unknown; headers: Headers }>,
  ][] = [
    ["GET /api/admin/orders", async () => list({}), (who) => list({}, who)],
    ["GET /api/admin/orders/{orderId}", async () => detail(orderId), (who) => detail(orderId, who)],
    ["GET /api/admin/orders/export", async () => exportCsv({}), (who) => exportCsv({}, who)],
    [
      "GET /api/admin/orders/{orderId}/items/{itemId}/print",
      async () => printPdf(orderId, itemId),
      (who) => printPdf(orderId, itemId, who),
    ],
  ];

  it.each(routes)("%s – anonymous 401, customer 403, admin 200", async (_name, asAdmin, as) => {
    const anonymous = await as("anonymous");
    expect(anonymous.status).toBe(401);
    expect((anonymous.body as ErrorBody).message).toBe("Authentication required");
    const customer = await as("customer");
    expect(customer.status).toBe(403);
    expect((customer.body as ErrorBody).message).toBe("You do not have permission to do this");
    const admin = await asAdmin();
    expect(admin.status).toBe(200);
  });
});

describe("GET /api/admin/orders – filters", () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    // March 2021: one order in each state, an hour apart (newest last).
    const states = [
      ["pendingUnpaid", "pending", false],
      ["pendingPaid", "pending", true],
      ["processing", "processing", true],
      ["shipped", "shipped", true],
      ["delivered", "delivered", true],
      ["cancelled", "cancelled", false],
    ] as const;
    for (const [index, [name, status, paid]] of states.entries()) {
      const o = await seedOrder({ status, paid, createdAt: at(`2021-03-10T0${index}:00:00Z`), orderNumber: `MM-2021-F${index}` });
      made[name] = o.orderNumber;
    }
  });
  const march = { from: "2021-03-01", to: "2021-03-31" };

  it("open = pending and processing, newest first, with the actions the transition table allows", async () => {
    const res = await list({ status: "open", ...march });
    expect(res.status).toBe(200);
    expect(numbers(res.body)).toEqual([made.processing, made.pendingPaid, made.pendingUnpaid]);
    expect(res.body.items.map((i) => [i.status, i.paymentStatus, i.actions])).toEqual([
      ["processing", "paid", ["complete", "cancel"]],
      ["pending", "paid", ["process", "cancel"]],
      ["pending", "unpaid", ["cancel"]],
    ]);
  });

  it("completed = shipped and delivered; cancelled; all; the default is open", async () => {
    expect(numbers((await list({ status: "completed", ...march })).body)).toEqual([made.delivered, made.shipped]);
    const completed = await list({ status: "completed", ...march });
    expect(completed.body.items.map((i) => i.actions)).toEqual([[], ["deliver"]]);
    expect(numbers((await list({ status: "cancelled", ...march })).body)).toEqual([made.cancelled]);
    expect(numbers((await list({ status: "all", ...march })).body)).toEqual([
      made.cancelled,
      made.delivered,
      made.shipped,
      made.processing,
      made.pendingPaid,
      made.pendingUnpaid,
    ]);
    expect(numbers((await list(march)).body)).toEqual([made.processing, made.pendingPaid, made.pendingUnpaid]);
  });

  it("the open list narrows to pending (not started) or processing (in production)", async () => {
    expect(numbers((await list({ status: "pending", ...march })).body)).toEqual([made.pendingPaid, made.pendingUnpaid]);
    expect(numbers((await list({ status: "processing", ...march })).body)).toEqual([made.processing]);
    const bad = await list({ status: "packed" });
    expect(bad.status).toBe(422);
  });

  it("a row carries customer, amounts, item count and shipping facts", async () => {
    const o = await seedOrder({
      createdAt: at("2021-04-02T10:00:00Z"),
      firstName: "Row",
      lastName: "Tester",
      email: "row@example.com",
      status: "shipped",
      paid: true,
      refundedCents: 500,
      lines: [
        { unitPriceCents: 1000, vatPercent: 19, quantity: 2 },
        { unitPriceCents: 700, vatPercent: 7, quantity: 3 },
      ],
    });
    await (
      await getDb()
    )
      .update(orders)
      .set({ shippedAt: at("2021-04-03T08:00:00Z"), trackingNumber: "TRK-1" })
      .where(eq(orders.id, o.id));
    const res = await list({ status: "all", from: "2021-04-02", to: "2021-04-02" });
    expect(res.body.items).toEqual([
      {
        id: o.id,
        orderNumber: o.orderNumber,
        status: "shipped",
        paymentStatus: "partially_refunded",
        email: "row@example.com",
        customerName: "Row Tester",
        itemCount: 5,
        totalCents: 2000 + 2100 + 490,
        refundedCents: 500,
        createdAt: "2021-04-02T10:00:00.000Z",
        shippedAt: "2021-04-03T08:00:00.000Z",
        trackingNumber: "TRK-1",
        // Lines without a design: no picture.
        thumbnailUrl: null,
        actions: ["deliver"],
      },
    ]);
  });

  it("searches order number, email, first name, last name and 'first last', case-insensitive; % and _ are literal", async () => {
    const when = at("2021-05-05T10:00:00Z");
    const a = await seedOrder({
      createdAt: when,
      orderNumber: "MM-2021-SEARCH-1",
      firstName: "Jürgen",
      lastName: "Müßig",
      email: "juergen.muessig@example.com",
    });
    const b = await seedOrder({
      createdAt: when,
      orderNumber: "MM-2021-SEARCH-2",
      firstName: "Zack",
      lastName: "O_Brien",
      email: "zack@example.org",
    });
    const c = await seedOrder({
      createdAt: when,
      orderNumber: "MM-2021-SEARCH-3",
      firstName: "Zoe",
      lastName: "Oxbridge",
      email: "zoe100%@example.org",
    });
    const may = { status: "all", from: "2021-05-01", to: "2021-05-31" };
    const search = async (q: string) => numbers((await list({ ...may, q })).body).sort();
    expect(await search("search-2")).toEqual([b.orderNumber]);
    expect(await search("MM-2021-SEARCH")).toEqual([a.orderNumber, b.orderNumber, c.orderNumber]);
    expect(await search("JUERGEN.MUESSIG@")).toEqual([a.orderNumber]);
    expect(await search("jürgen")).toEqual([a.orderNumber]);
    expect(await search("müßig")).toEqual([a.orderNumber]);
    expect(await search("Jürgen Müßig")).toEqual([a.orderNumber]);
    expect(await search("  zoe oxbridge ")).toEqual([c.orderNumber]);
    expect(await search("o_b")).toEqual([b.orderNumber]); // "_" would match the x of Oxbridge
    expect(await search("100%")).toEqual([c.orderNumber]);
    expect(await search("%")).toEqual([c.orderNumber]);
    expect(await search("nobody")).toEqual([]);
  });

  it("from/to are calendar days in Europe/Berlin; the 'to' day is included entirely", async () => {
    // 23:30 in Berlin on 30 June (summer time, UTC+2) and 00:30 on 1 July; 23:59 on 31 Jan (UTC+1) and 00:30 on 1 Feb.
    const june30 = await seedOrder({ createdAt: at("2020-06-30T21:30:00Z") });
    const july1 = await seedOrder({ createdAt: at("2020-06-30T22:30:00Z") });
    const jan31 = await seedOrder({ createdAt: at("2020-01-31T22:59:59Z") });
    const feb1 = await seedOrder({ createdAt: at("2020-01-31T23:30:00Z") });
    const range = async (from?: string, to?: string) =>
      numbers((await list({ status: "all", ...(from ? { from } : {}), ...(to ? { to } : {}) })).body).filter((n) =>
        [june30, july1, jan31, feb1].some((o) => o.orderNumber === n),
      );
    expect(await range("2020-06-30", "2020-06-30")).toEqual([june30.orderNumber]);
    expect(await range("2020-07-01", "2020-07-01")).toEqual([july1.orderNumber]);
    expect(await range("2020-06-01", "2020-07-01")).toEqual([july1.orderNumber, june30.orderNumber]);
    expect(await range("2020-01-31", "2020-01-31")).toEqual([jan31.orderNumber]);
    expect(await range("2020-02-01", "2020-02-01")).toEqual([feb1.orderNumber]);
    expect(await range(undefined, "2020-01-31")).toEqual([jan31.orderNumber]);
    expect(await range("2020-02-01", "2020-06-30")).toEqual([june30.orderNumber, feb1.orderNumber]);
  });

  it("invalid queries answer 422 with the field", async () => {
    const reversed = await list({ from: "2021-03-02", to: "2021-03-01" });
    expect(reversed.status).toBe(422);
    expect(reversed.body).toMatchObject({
      message: "Validation failed",
      errors: { to: "The end date must not be before the start date." },
    });
    for (const bad of ["2021-02-30", "01.03.2021", "2021-3-1", "yesterday"]) {
      const res = await list({ from: bad });
      expect(res.status, bad).toBe(422);
      expect(res.body.errors).toEqual({ from: "Please enter a valid date (YYYY-MM-DD)." });
    }
    expect((await list({ to: "2021-13-01" })).body.errors).toEqual({ to: "Please enter a valid date (YYYY-MM-DD)." });
    expect((await list({ status: "archived" })).status).toBe(422);
    expect((await list({ pageSize: "101" })).body.errors).toHaveProperty("pageSize");
    expect((await list({ page: "0" })).body.errors).toHaveProperty("page");
    expect((await list({ page: "abc" })).status).toBe(422);
  });
});

describe("GET /api/admin/orders – paging and sums", () => {
  const totals: number[] = [];
  let refunded = 0;
  beforeAll(async () => {
    // 25 orders in May 2019, one a day; every fifth one refunded 100 cents, the last one fully.
    for (let day = 1; day <= 25; day++) {
      const unit = 1000 + day;
      const refundedCents = day === 25 ? unit + 490 : day % 5 === 0 ? 100 : 0;
      const o = await seedOrder({
        createdAt: at(`2019-05-${String(day).padStart(2, "0")}T12:00:00Z`),
        orderNumber: `MM-2019-P${String(day).padStart(2, "0")}`,
        lines: [{ unitPriceCents: unit, vatPercent: 19 }],
        paid: true,
        refundedCents,
      });
      totals.push(o.totalCents);
      refunded += refundedCents;
    }
  });

  it("pages newest first; total and sums count every match, not just the page", async () => {
    const may = { status: "all", from: "2019-05-01", to: "2019-05-31", pageSize: "10" };
    const first = await list({ ...may, page: "1" });
    expect(first.status).toBe(200);
    expect(numbers(first.body)).toEqual(Array.from({ length: 10 }, (_, i) => `MM-2019-P${25 - i}`));
    const third = await list({ ...may, page: "3" });
    expect(numbers(third.body)).toEqual(["MM-2019-P05", "MM-2019-P04", "MM-2019-P03", "MM-2019-P02", "MM-2019-P01"]);
    for (const page of [first.body, third.body]) {
      expect(page.total).toBe(25);
      expect(page.pageSize).toBe(10);
      expect(page.sums).toEqual({ orders: 25, totalCents: totals.reduce((a, b) => a + b, 0), refundedCents: refunded });
    }
    expect(third.body.page).toBe(3);
    expect(first.body.items[0]?.paymentStatus).toBe("refunded");
    expect(first.body.items[5]?.paymentStatus).toBe("partially_refunded"); // day 20
    expect(first.body.items[1]?.paymentStatus).toBe("paid");
    const beyond = await list({ ...may, page: "4" });
    expect(beyond.body).toMatchObject({ items: [], total: 25, page: 4 });
    const none = await list({ status: "all", from: "2019-06-01", to: "2019-06-01" });
    expect(none.body).toEqual({ items: [], total: 0, page: 1, pageSize: 20, sums: { orders: 0, totalCents: 0, refundedCents: 0 } });
  });
});
