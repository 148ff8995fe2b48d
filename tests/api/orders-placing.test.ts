import { beforeAll, describe, expect, it } from "vitest";
import { GERMANY } from "../helpers/shipping";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { articlePriceCalculations, orders } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { orderTotals } from "@/lib/domain/pricing";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import * as ordersRoute from "@/app/api/user/orders/route";
import { call, cookieFor, type Role } from "../helpers/api";
import {
  authenticateSandbox,
  cancelOrder,
  card,
  CARDS,
  checkoutBody,
  clearCart,
  fillCart,
  getCart,
  getOrder,
  getReceipt,
  listOrders,
  newCustomer,
  paymentConfig,
  paySandbox,
  placedOrder,
  placeOrder,
  retryPayment,
  seededMug,
  ANY_UUID,
  MUG_PRICE,
  customerId,
  otherId,
  paymentRows,
  setupOrderFixtures,
} from "../helpers/orders";

setupOrderFixtures();

describe("access matrix", () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = (await placedOrder("customer", customerId)).order.id;
  });

  const calls: [string, (id: string, who: Role) => Promise<{ status: number; body: unknown }>][] = [
    ["GET /api/user/orders/{orderId}", (id, who) => getOrder(id, who)],
    ["POST /api/user/orders/{orderId}/payment", (id, who) => retryPayment(id, who)],
    ["POST /api/user/orders/{orderId}/payment/sandbox", (id, who) => paySandbox(id, card(CARDS.ok), who)],
    ["POST /api/user/orders/{orderId}/payment/sandbox/authenticate", (id, who) => authenticateSandbox(id, { approve: true }, who)],
    ["POST /api/user/orders/{orderId}/cancel", (id, who) => cancelOrder(id, who)],
    ["GET /api/user/orders/{orderId}/receipt", (id, who) => getReceipt(id, who)],
  ];

  it.each(calls)("%s – anonymous 401, another customer 404, admin 404, unknown and malformed ids 404", async (_name, fn) => {
    const anonymous = await fn(orderId, "anonymous");
    expect(anonymous.status).toBe(401);
    expect((anonymous.body as { message: string }).message).toBe("Authentication required");
    expect((await fn(orderId, "other")).status).toBe(404);
    expect((await fn(orderId, "admin")).status).toBe(404);
    expect((await fn(ANY_UUID, "customer")).status).toBe(404);
    expect((await fn("not-a-uuid", "customer")).status).toBe(404);
    // Nothing happened to the order on the way.
    const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe("pending");
    expect((await paymentRows(orderId)).map((p) => p.status)).toEqual(["requires_payment"]);
  });

  it("GET /api/user/orders, POST /api/user/orders, GET /api/user/payments/config – anonymous 401", async () => {
    expect((await listOrders("anonymous")).status).toBe(401);
    expect((await placeOrder(checkoutBody(), "anonymous")).status).toBe(401);
    expect((await paymentConfig("anonymous")).status).toBe(401);
  });

  it("GET /api/user/orders – each customer sees only their own orders; the customer gets their own order", async () => {
    const mine = await listOrders("customer");
    expect(mine.status).toBe(200);
    expect(mine.body.map((o) => o.id)).toContain(orderId);
    const theirs = await listOrders("other");
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((o) => o.id)).not.toContain(orderId);
    const admin = await listOrders("admin");
    expect(admin.body.map((o) => o.id)).not.toContain(orderId);
    const detail = await getOrder(orderId);
    expect(detail.status).toBe(200);
    expect(detail.body.id).toBe(orderId);
  });
});

describe("GET /api/user/payments/config", () => {
  it("answers the sandbox in test mode when no Stripe key is configured", async () => {
    const res = await paymentConfig();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: "sandbox", testMode: true, publishableKey: null });
  });
});

describe("POST /api/user/orders – placing an order", () => {
  it("computes every total on the server; prices in the body are ignored; the cart stays until payment", async () => {
    const buyer = await newCustomer();
    await fillCart(buyer, buyer.id, 2);
    const body = { ...checkoutBody(), totalCents: 1, subtotalCents: 1, items: [{ unitPriceCents: 1, quantity: 2 }], amountCents: 1 };
    const res = await placeOrder(body, buyer);
    expect(res.status).toBe(201);
    const { order, payment } = res.body;
    const expected = orderTotals([{ unitPriceCents: MUG_PRICE, quantity: 2, vatPercent: 19 }], GERMANY, 19);
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "unpaid",
      email: "anna@example.com",
      firstName: "Anna",
      lastName: "Muster",
      phone: "+49 30 1234567",
      subtotalCents: 2 * MUG_PRICE,
      shippingCents: expected.shippingCents,
      taxCents: expected.taxCents,
      totalCents: expected.totalCents,
      currency: "EUR",
      completedAt: null,
      cancellable: true,
    });
    expect(order.totalCents).toBe(2 * MUG_PRICE + 490);
    expect(order.orderNumber).toMatch(/^MM-\d{4}-\d{6}$/);
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({
      articleName: MUG_ARTICLE.name,
      variantName: "White",
      quantity: 2,
      unitPriceCents: MUG_PRICE,
      totalCents: 2 * MUG_PRICE,
    });
    expect(order.items[0]?.imageUrl).toMatch(/^\/api\/images\/\d+$/);
    // Billing defaults to shipping.
    expect(order.billingAddress).toEqual(order.shippingAddress);
    expect(order.shippingAddress).toEqual({
      firstName: "Anna",
      lastName: "Muster",
      street1: "Hauptstraße 1",
      street2: null,
      city: "Berlin",
      postalCode: "10115",
      countryCode: "DE",
    });
    expect(payment).toEqual({
      id: expect.any(Number),
      provider: "sandbox",
      status: "requires_payment",
      amountCents: order.totalCents,
      currency: "EUR",
      clientSecret: null,
      failureMessage: null,
    });
    const rows = await paymentRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idempotencyKey).toBe(`order:${order.id}:attempt:1`);
    expect(rows[0]?.amountCents).toBe(order.totalCents);
    // Not paid yet: the cart is kept.
    expect((await getCart(buyer)).items).toHaveLength(1);
    const listed = await listOrders(buyer);
    expect(listed.body[0]?.id).toBe(order.id); // newest first
  });

  it("a separate billing address is stored as given", async () => {
    const billingAddress = {
      firstName: "Firma",
      lastName: "GmbH",
      street1: "Industrieweg 5",
      street2: "Halle 2",
      city: "Wien",
      postalCode: "1010",
      countryCode: "at",
    };
    const { order } = await placedOrder("customer", customerId, { body: checkoutBody({ billingAddress }) });
    expect(order.billingAddress).toEqual({ ...billingAddress, countryCode: "AT" });
    expect(order.shippingAddress.countryCode).toBe("DE");
  });

  it("a double submit (two concurrent requests with one key) makes one order and one payment", async () => {
    const buyer = await newCustomer();
    await fillCart(buyer, buyer.id);
    const body = checkoutBody();
    const [a, b] = await Promise.all([placeOrder(body, buyer), placeOrder(body, buyer)]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.order.id).toBe(b.body.order.id);
    expect(a.body.payment.id).toBe(b.body.payment.id);
    const db = await getDb();
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, buyer.id), eq(orders.idempotencyKey, String(body.idempotencyKey))));
    expect(rows).toHaveLength(1);
    expect(await paymentRows(a.body.order.id)).toHaveLength(1);
    // A later retry with the same key answers the same order and payment again.
    const again = await placeOrder(body, buyer);
    expect(again.status).toBe(201);
    expect(again.body.order.id).toBe(a.body.order.id);
    expect(again.body.payment.id).toBe(a.body.payment.id);
    expect(await paymentRows(a.body.order.id)).toHaveLength(1);
  });

  it("the same key from another customer is another order", async () => {
    const body = checkoutBody();
    await fillCart("customer", customerId);
    await fillCart("other", otherId);
    const mine = await placeOrder(body, "customer");
    const theirs = await placeOrder(body, "other");
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.order.id).not.toBe(mine.body.order.id);
    expect(theirs.body.order.orderNumber).not.toBe(mine.body.order.orderNumber);
  });

  it("an empty cart answers 422 and creates nothing", async () => {
    await clearCart("other");
    const before = (await listOrders("other")).body.length;
    const res = await placeOrder(checkoutBody(), "other");
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Your cart is empty");
    expect((await listOrders("other")).body.length).toBe(before);
  });

  it("changed catalogue prices answer 409 (snapshots updated, nothing charged); confirming again succeeds at the new price", async () => {
    const db = await getDb();
    await fillCart("other", otherId);
    const { mugId } = await seededMug();
    const [mugPrice] = await db.select().from(articlePriceCalculations).where(eq(articlePriceCalculations.articleId, mugId));
    if (!mugPrice) throw new Error("seeded mug price");
    await db.update(articlePriceCalculations).set({ salesTotalCents: 1799 }).where(eq(articlePriceCalculations.articleId, mugId));
    invalidateCatalog();
    try {
      const before = (await listOrders("other")).body.length;
      const body = checkoutBody();
      const changed = await placeOrder(body, "other");
      expect(changed.status).toBe(409);
      expect(changed.body.message).toBe("Prices in your cart have changed. Please check your order and confirm it again.");
      expect((await listOrders("other")).body.length).toBe(before);
      const cart = await getCart("other");
      expect(cart.items.every((i) => i.unitPriceCents === 1799 && i.priceChanged)).toBe(true);
      expect(cart.summary.hasPriceChanges).toBe(true);

      const confirmed = await placeOrder(body, "other");
      expect(confirmed.status).toBe(201);
      expect(confirmed.body.order.items.every((i) => i.unitPriceCents === 1799)).toBe(true);
      expect(confirmed.body.payment.amountCents).toBe(confirmed.body.order.totalCents);
    } finally {
      await db.update(articlePriceCalculations).set({ salesTotalCents: MUG_PRICE }).where(eq(articlePriceCalculations.articleId, mugId));
      invalidateCatalog();
      await clearCart("other");
    }
  });

  const contact = checkoutBody().contact as Record<string, unknown>;
  const shipping = checkoutBody().shippingAddress as Record<string, unknown>;
  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["email invalid", { contact: { ...contact, email: "not-an-email" } }, "contact.email", "Invalid email format"],
    ["email missing", { contact: { ...contact, email: "" } }, "contact.email", "Email is required"],
    ["first name empty", { contact: { ...contact, firstName: "  " } }, "contact.firstName", "First name is required"],
    ["last name missing", { contact: { ...contact, lastName: undefined } }, "contact.lastName", "Last name is required"],
    ["phone invalid", { contact: { ...contact, phone: "call me" } }, "contact.phone", "Invalid phone number"],
    [
      "shipping first name missing",
      { shippingAddress: { ...shipping, firstName: "" } },
      "shippingAddress.firstName",
      "First name is required",
    ],
    ["street missing", { shippingAddress: { ...shipping, street1: "" } }, "shippingAddress.street1", "Street is required"],
    ["city missing", { shippingAddress: { ...shipping, city: undefined } }, "shippingAddress.city", "City is required"],
    ["postal code missing", { shippingAddress: { ...shipping, postalCode: "" } }, "shippingAddress.postalCode", "Postal code is required"],
    ["postal code invalid", { shippingAddress: { ...shipping, postalCode: "#!?" } }, "shippingAddress.postalCode", "Invalid postal code"],
    ["country missing", { shippingAddress: { ...shipping, countryCode: "" } }, "shippingAddress.countryCode", "Please choose a country"],
    [
      "country unknown",
      { shippingAddress: { ...shipping, countryCode: "XX" } },
      "shippingAddress.countryCode",
      "Please choose a country from the list",
    ],
    [
      "billing country unknown",
      { billingAddress: { ...shipping, countryCode: "ZZ" } },
      "billingAddress.countryCode",
      "Please choose a country from the list",
    ],
    ["billing street missing", { billingAddress: { ...shipping, street1: " " } }, "billingAddress.street1", "Street is required"],
    ["idempotency key missing", { idempotencyKey: undefined }, "idempotencyKey", "This field is required"],
  ];

  it.each(invalid)("422 – %s", async (_name, overrides, field, message) => {
    await fillCart("customer", customerId);
    const before = (await listOrders()).body.length;
    const res = await placeOrder(checkoutBody(overrides));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Validation failed");
    expect(res.body.errors?.[field]).toBe(message);
    expect((await listOrders()).body.length).toBe(before);
  });

  it("field messages come in the caller's language", async () => {
    const res = await placeOrder(checkoutBody({ shippingAddress: { ...shipping, countryCode: "XX", street1: "" } }), "customer", "de");
    expect(res.status).toBe(422);
    expect(res.body.errors?.["shippingAddress.street1"]).toBe("Straße ist erforderlich");
  });

  it("400 for malformed JSON, 415 for a non-JSON body", async () => {
    const cookie = await cookieFor("customer");
    expect((await call(ordersRoute.POST, { method: "POST", body: "{oops", cookie })).status).toBe(400);
    expect((await call(ordersRoute.POST, { method: "POST", body: "x", headers: { "content-type": "text/plain" }, cookie })).status).toBe(
      415,
    );
  });
});
