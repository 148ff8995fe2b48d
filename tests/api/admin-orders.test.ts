import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "@/db/client";
import { generations, orders, prompts } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { resetEnvCache } from "@/lib/env";
import type { AdminOrderDetail, AdminOrderPage } from "@/lib/schemas/admin-orders";
import { storeImage } from "@/lib/services/images";
import { dpiVerdict, effectivePrintDpi } from "@/lib/domain/print-fit";
import { fitPrintImage } from "@/lib/services/print";
import * as listRoute from "@/app/api/admin/orders/route";
import * as detailRoute from "@/app/api/admin/orders/[orderId]/route";
import * as exportRoute from "@/app/api/admin/orders/export/route";
import * as printRoute from "@/app/api/admin/orders/[orderId]/items/[itemId]/print/route";
import * as processRoute from "@/app/api/admin/orders/[orderId]/process/route";
import * as completeRoute from "@/app/api/admin/orders/[orderId]/complete/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import * as itemsRoute from "@/app/api/user/cart/items/route";
import { call, cookieFor, type Role } from "../helpers/api";
import { seedOrder } from "../helpers/admin-orders-db";
import { TEST_USERS, tempDir } from "../helpers/test-db";
import {
  card,
  CARDS,
  checkoutBody,
  clearCart,
  paySandbox,
  placedOrder,
  placeOrder,
  seededMug,
  userIdOf,
  type ErrorBody,
} from "../helpers/orders";

const ANY_UUID = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";
type Lang = "en" | "de";

let customerId: number;
let otherId: number;

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-admin-orders-");
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  resetEnvCache();
  customerId = await userIdOf(TEST_USERS.customer.email);
  otherId = await userIdOf(TEST_USERS.other.email);
});

async function list(query: Record<string, string>, who: Role = "admin") {
  const qs = new URLSearchParams(query).toString();
  return call<AdminOrderPage & ErrorBody>(listRoute.GET, { path: `/api/admin/orders?${qs}`, cookie: await cookieFor(who) });
}

async function detail(orderId: string, who: Role = "admin", lang: Lang = "en") {
  return call<AdminOrderDetail & ErrorBody>(detailRoute.GET, {
    path: `/api/admin/orders/${orderId}`,
    params: { orderId },
    cookie: await cookieFor(who),
    headers: { "accept-language": lang },
  });
}

async function printPdf(orderId: string, itemId: string | number, who: Role = "admin") {
  const path = `/api/admin/orders/${orderId}/items/${itemId}/print`;
  return call<string & ErrorBody>(printRoute.GET, { path, params: { orderId, itemId: String(itemId) }, cookie: await cookieFor(who) });
}

async function exportCsv(query: Record<string, string>, who: Role = "admin") {
  return call<string & ErrorBody>(exportRoute.GET, {
    path: `/api/admin/orders/export?${new URLSearchParams(query).toString()}`,
    cookie: await cookieFor(who),
  });
}

async function adminPost(handler: typeof processRoute.POST, orderId: string, action: string, body?: unknown) {
  const res = await call<AdminOrderDetail & ErrorBody>(handler, {
    method: "POST",
    path: `/api/admin/orders/${orderId}/${action}`,
    params: { orderId },
    body,
    cookie: await cookieFor("admin"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Orders of the list filter tests live in their own months, away from the orders other tests place today. */
const at = (iso: string) => new Date(iso);
const numbers = (page: AdminOrderPage) => page.items.map((i) => i.orderNumber);

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

describe("GET /api/admin/orders/{orderId} – detail and production sheet", () => {
  let orderId: string;
  let itemId: number;
  let uploadId: number;
  let designId: number;
  let promptId: number;

  beforeAll(async () => {
    const db = await getDb();
    const [prompt] = await db.select().from(prompts).where(eq(prompts.promptNumber, "P-001"));
    if (!prompt) throw new Error("seeded prompt P-001");
    promptId = prompt.id;
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#884422" } })
      .jpeg()
      .toBuffer();
    const upload = await storeImage({ bytes: photo, use: "editor", format: "jpeg", type: "UPLOADED", ownerId: otherId });
    uploadId = upload.id;
    const [generation] = await db
      .insert(generations)
      .values({
        userId: otherId,
        promptId,
        provider: "openai",
        model: "gpt-image-1",
        sourceImageId: upload.id,
        promptText: "Transform the photo into pop art. Exact text.",
        status: "SUCCEEDED",
        costMicroCents: 4_200_000,
      })
      .returning();
    if (!generation) throw new Error("generation inserted");
    // 1600 × 640 on the 200 × 80 mm print area: 1600 px / (200 / 25.4) in = 203 DPI.
    const bytes = await sharp({ create: { width: 1600, height: 640, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const design = await storeImage({
      bytes,
      use: "generated",
      format: "png",
      type: "GENERATED",
      ownerId: otherId,
      promptId,
      sourceImageId: upload.id,
      generationId: generation.id,
    });
    designId = design.id;

    await clearCart("other");
    const { mugId, variantId } = await seededMug();
    const added = await call(itemsRoute.POST, {
      method: "POST",
      path: "/api/user/cart/items",
      body: { mugId, variantId, imageId: design.id, quantity: 2 },
      cookie: await cookieFor("other"),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const placed = await placeOrder(
      checkoutBody({
        acceptWithdrawalWaiver: true,
        billingAddress: {
          firstName: "Firma",
          lastName: "GmbH",
          street1: "Industrieweg 5",
          street2: "Halle 2",
          city: "Köln",
          postalCode: "50667",
          countryCode: "DE",
        },
      }),
      "other",
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    orderId = placed.body.order.id;
    itemId = placed.body.order.items[0]?.id ?? 0;
    const paid = await paySandbox(orderId, card(CARDS.ok), "other");
    expect(paid.body.status).toBe("succeeded");
    await adminPost(processRoute.POST, orderId, "process");
    await adminPost(completeRoute.POST, orderId, "complete", { carrier: "DHL", trackingNumber: "00340434161234567890" });
  });

  it("shows customer, addresses, lines, money, payments, invoices and actions", async () => {
    const res = await detail(orderId);
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      id: orderId,
      status: "shipped",
      paymentStatus: "paid",
      locale: "en",
      userId: otherId,
      email: "anna@example.com",
      firstName: "Anna",
      lastName: "Muster",
      phone: "+49 30 1234567",
      currency: "EUR",
      carrier: "DHL",
      trackingNumber: "00340434161234567890",
      shippingAddress: {
        firstName: "Anna",
        lastName: "Muster",
        street1: "Hauptstraße 1",
        street2: null,
        city: "Berlin",
        postalCode: "10115",
        countryCode: "DE",
      },
      billingAddress: {
        firstName: "Firma",
        lastName: "GmbH",
        street1: "Industrieweg 5",
        street2: "Halle 2",
        city: "Köln",
        postalCode: "50667",
        countryCode: "DE",
      },
      refundedCents: 0,
      cancelledAt: null,
      cancelReason: null,
      deliveredAt: null,
      actions: ["deliver"],
      canRefund: true,
      canResendReceipt: true,
    });
    expect(d.paidCents).toBe(d.totalCents);
    expect(d.refundableCents).toBe(d.totalCents);
    expect(d.processedAt).not.toBeNull();
    expect(d.shippedAt).not.toBeNull();
    expect(d.withdrawalWaiverAt).toEqual(expect.any(String));
    expect(d.items).toHaveLength(1);
    expect(d.items[0]).toMatchObject({
      id: itemId,
      articleName: MUG_ARTICLE.name,
      variantName: "White",
      quantity: 2,
      unitPriceCents: 1499,
      vatPercent: 19,
      totalCents: 2998,
      personalised: true,
    });
    expect(d.payments).toEqual([
      {
        id: expect.any(Number),
        provider: "sandbox",
        providerPaymentId: expect.any(String),
        status: "succeeded",
        amountCents: d.totalCents,
        refundedCents: 0,
        failureMessage: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(d.refunds).toEqual([]);
    const invoice = d.invoices.find((i) => i.kind === "invoice");
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^RE-\d{4}-\d{6}$/),
      grossCents: d.totalCents,
      url: `/api/admin/orders/${orderId}/invoice?invoiceId=${invoice?.id}`,
    });
  });

  it("the production sheet names the photo, the design, the prompt, the model, the cost, the print PDF and the DPI verdict", async () => {
    const sheet = (await detail(orderId)).body.items[0]?.production;
    expect(sheet).toEqual({
      sourceImageUrl: `/api/images/${uploadId}`,
      designImageUrl: `/api/images/${designId}`,
      designWidth: 1600,
      designHeight: 640,
      promptTitle: "Pop Art",
      promptText: "Transform the photo into pop art. Exact text.",
      provider: "openai",
      model: "gpt-image-1",
      generationCostCents: 4.2,
      printPdfUrl: `/api/admin/orders/${orderId}/items/${itemId}/print`,
      dpi: { effectiveDpi: 203, verdict: "ok" },
      // 1600 × 640 on the 200 × 80 mm template: 203 DPI of its own, printed at 300 DPI (2362 × 945 px, ×1.48).
      print: { sourceDpi: 203, width: 2362, height: 945, dpi: 300, upscale: 1.48, templateWidthMm: 200, templateHeightMm: 80 },
    });
    // The prompt title in the admin's language.
    expect((await detail(orderId, "admin", "de")).body.items[0]?.production.promptTitle).toBe("Pop-Art");
  });

  it("the admin can open the customer's photo and design; another customer still cannot", async () => {
    for (const id of [uploadId, designId]) {
      const get = async (who: Role) =>
        call(imageRoute.GET, { path: `/api/images/${id}`, params: { imageId: String(id) }, cookie: await cookieFor(who) });
      expect((await get("admin")).status).toBe(200);
      expect((await get("other")).status).toBe(200); // the owner
      expect((await get("customer")).status).toBe(404);
      expect((await get("anonymous")).status).toBe(404);
    }
  });

  it("the print PDF is the line's design in the mug's format, with the DPI the sheet shows", async () => {
    const res = await printPdf(orderId, itemId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("x-print-dpi")).toBe("203");
    expect(res.headers.get("x-print-dpi-ok")).toBe("true");
    // The sheet's print resolution: the 203-DPI design is upscaled ×1.48 to 300 DPI.
    expect(res.headers.get("x-print-source-dpi")).toBe("203");
    expect(res.headers.get("x-print-effective-dpi")).toBe("300");
    expect(res.headers.get("x-print-upscale")).toBe("1.48");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(String(res.body).startsWith("%PDF-")).toBe(true);
  });

  it("the DPI verdict uses the print PDF's numbers: too_low below 150 (x-print-dpi-ok false), low below 200, ok from 200", async () => {
    const cases = [
      [1000, 400, 127, "too_low"],
      [1181, 472, 150, "low"],
      [1300, 520, 165, "low"],
      [1600, 640, 203, "ok"],
      [640, 1600, 81, "too_low"], // portrait: the cover crop keeps a 640 × 256 band
      [2400, 2400, 305, "ok"],
    ] as const;
    for (const [width, height, dpi, verdict] of cases) {
      const bytes = await sharp({ create: { width, height, channels: 3, background: "#808080" } })
        .png()
        .toBuffer();
      expect((await fitPrintImage(bytes, 200, 80)).dpi, `${width}×${height}`).toBe(dpi);
      expect(effectivePrintDpi(width, height, 200, 80)).toBe(dpi);
      expect(dpiVerdict(dpi)).toBe(verdict);
    }
  });

  it("the timeline lists the events in order, with the actor's email", async () => {
    const { timeline } = (await detail(orderId)).body;
    const ids = timeline.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const main = timeline.filter((e) => ["placed", "paid", "processed", "shipped"].includes(e.type));
    expect(main.map((e) => [e.type, e.fromStatus, e.toStatus, e.actor])).toEqual([
      ["placed", null, "pending", "customer"],
      ["paid", null, null, "provider"],
      ["processed", "pending", "processing", "admin"],
      ["shipped", "processing", "shipped", "admin"],
    ]);
    expect(main[0]?.actorEmail).toBe(TEST_USERS.other.email);
    expect(main[2]?.actorEmail).toBe(TEST_USERS.admin.email);
    expect(main[3]?.data).toMatchObject({ carrier: "DHL", trackingNumber: "00340434161234567890" });
  });

  it("an edited design shows the generation of the generated image it was edited from", async () => {
    const bytes = await sharp({ create: { width: 1300, height: 520, channels: 3, background: "#aa3366" } })
      .png()
      .toBuffer();
    const edited = await storeImage({ bytes, use: "edited", format: "png", type: "EDITED", ownerId: otherId, sourceImageId: designId });
    const { mugId } = await seededMug();
    const o = await seedOrder({ lines: [{ unitPriceCents: 1499, vatPercent: 19, articleId: mugId, imageId: edited.id }] });
    const sheet = (await detail(o.id, "admin", "de")).body.items[0]?.production;
    expect(sheet).toMatchObject({
      sourceImageUrl: `/api/images/${uploadId}`,
      designImageUrl: `/api/images/${edited.id}`,
      designWidth: 1300,
      designHeight: 520,
      promptTitle: "Pop-Art",
      promptText: "Transform the photo into pop art. Exact text.",
      model: "gpt-image-1",
      printPdfUrl: `/api/admin/orders/${o.id}/items/${o.itemIds[0]}/print`,
      dpi: { effectiveDpi: 165, verdict: "low" },
    });
    const pdf = await printPdf(o.id, o.itemIds[0] ?? 0);
    expect(pdf.headers.get("x-print-dpi")).toBe("165");
  });

  it("an order without a generation: design only, the print PDF of a line without an image is 404", async () => {
    const plain = await seedOrder({ lines: [{ unitPriceCents: 990, vatPercent: 7, articleName: "Sticker", variantName: null }] });
    const res = await detail(plain.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      paymentStatus: "unpaid",
      paidCents: 0,
      refundableCents: 0,
      canRefund: false,
      canResendReceipt: false,
      actions: ["cancel"],
      invoices: [],
      timeline: [],
    });
    expect(res.body.items[0]?.production).toEqual({
      sourceImageUrl: null,
      designImageUrl: null,
      designWidth: null,
      designHeight: null,
      promptTitle: null,
      promptText: null,
      provider: null,
      model: null,
      generationCostCents: null,
      printPdfUrl: null,
      dpi: null,
      print: null,
    });
    expect((await printPdf(plain.id, plain.itemIds[0] ?? 0)).status).toBe(404);
  });

  it("unknown orders and items answer 404", async () => {
    expect((await detail(ANY_UUID)).status).toBe(404);
    expect((await detail("not-a-uuid")).status).toBe(404);
    const other = await seedOrder();
    for (const [order, item] of [
      [orderId, 2_000_000_000],
      [other.id, itemId], // a line of another order
      [ANY_UUID, itemId],
      [orderId, "abc"],
      ["not-a-uuid", itemId],
    ] as const) {
      const res = await printPdf(order, item);
      expect(res.status, `${order}/${item}`).toBe(404);
      expect(res.body.message).toBe("Not found");
    }
  });
});
