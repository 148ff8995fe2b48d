import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { articlePriceCalculations, orders, outgoingMail, payments } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { resetEnvCache } from "@/lib/env";
import { formatEuro } from "@/lib/format";
import { orderTotals } from "@/lib/domain/pricing";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import * as ordersRoute from "@/app/api/user/orders/route";
import { call, cookieFor, type Role } from "../helpers/api";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp";
import { TEST_USERS, tempDir } from "../helpers/test-db";
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
  outboxFiles,
  paymentConfig,
  paySandbox,
  placedOrder,
  placeOrder,
  readableMail,
  retryPayment,
  seededMug,
  userIdOf,
} from "../helpers/orders";

const MUG_PRICE = MUG_ARTICLE.price.salesTotalGrossCents; // 1499 gross
const ANY_UUID = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";

let dataDir: string;
let customerId: number;
let otherId: number;

beforeAll(async () => {
  dataDir = tempDir("shop-test-orders-");
  process.env.DATA_DIR = dataDir;
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  resetEnvCache();
  customerId = await userIdOf(TEST_USERS.customer.email);
  otherId = await userIdOf(TEST_USERS.other.email);
});

async function paymentRows(orderId: string) {
  return (await getDb()).select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

async function mailsTo(email: string) {
  return (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.to, email)).orderBy(outgoingMail.id);
}

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
    const expected = orderTotals([{ unitPriceCents: MUG_PRICE, quantity: 2, vatPercent: 19 }], 19);
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

describe("sandbox payment", () => {
  it("paying takes only what was ordered out of the cart: a design added after placing the order stays", async () => {
    const { order } = await placedOrder("customer", customerId);
    const later = await fillCart("customer", customerId, 1, { keep: true });
    expect(later.items).toHaveLength(2);
    expect((await paySandbox(order.id, card(CARDS.ok))).status).toBe(200);
    const remaining = (await getCart("customer")).items;
    expect(remaining).toHaveLength(1);
    expect(remaining[0]?.image.id).toBe(later.items.find((i) => !order.items.some((o) => o.imageUrl === i.image.url))?.image.id);
    await clearCart("customer");
  });

  it("4242 4242 4242 4242 pays: order paid, cart cleared, receipt in the outbox and in outgoing_mail (once)", async () => {
    const email = `paid-${randomUUID().slice(0, 8)}@example.com`;
    const { order } = await placedOrder("customer", customerId, {
      body: checkoutBody({ contact: { ...(checkoutBody().contact as object), email } }),
    });
    const filesBefore = outboxFiles(dataDir).length;
    const res = await paySandbox(order.id, card(CARDS.ok));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "succeeded", failureMessage: null, clientSecret: null, provider: "sandbox" });
    const detail = await getOrder(order.id);
    expect(detail.body).toMatchObject({ paymentStatus: "paid", status: "pending", cancellable: true });
    expect((await getCart("customer")).items).toHaveLength(0);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: "sent", subject: `Your MugMagic order ${order.orderNumber}` });
    expect(mails[0]?.text).toContain(MUG_ARTICLE.name);
    expect(mails[0]?.text).toContain("€19.89"); // 14.99 + 4.90 shipping
    expect(mails[0]?.sentAt).toBeInstanceOf(Date);
    const files = outboxFiles(dataDir);
    expect(files.length).toBe(filesBefore + 1);
    const eml = readableMail(files.find((f) => f.text.includes(email))?.text ?? "");
    expect(eml).toMatch(/^From: MugMagic <shop@example\.com>/m);
    expect(eml).toContain(`To: ${email}`);
    expect(eml).toContain(order.orderNumber);
    expect(eml).toContain("€14.99");

    // A second "pay" click changes nothing and sends nothing.
    const again = await paySandbox(order.id, card(CARDS.ok));
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("succeeded");
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await paymentRows(order.id)).toHaveLength(1);
    // Retrying an already paid order answers its successful payment.
    const retry = await retryPayment(order.id);
    expect(retry.body).toMatchObject({ id: res.body.id, status: "succeeded" });
  });

  it("the receipt mail is written in the language of the request that paid", async () => {
    const email = `de-${randomUUID().slice(0, 8)}@example.com`;
    const { order } = await placedOrder("customer", customerId, {
      lang: "de",
      body: checkoutBody({ contact: { ...(checkoutBody().contact as object), email } }),
    });
    expect((await paySandbox(order.id, card(CARDS.ok), "customer", "de")).body.status).toBe("succeeded");
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(`Deine MugMagic-Bestellung ${order.orderNumber}`);
    expect(mail?.text).toContain("Hallo Anna,");
    expect(mail?.text).toContain(formatEuro(1989, "de"));
    expect(mail?.text).toContain("Deutschland");
  });

  it("4000 0000 0000 0002 is declined: failed with the message, cart kept; a retry cancels the declined attempt, then 4242 pays the new one", async () => {
    const buyer = await newCustomer();
    const { order } = await placedOrder(buyer, buyer.id);
    const declined = await paySandbox(order.id, card(CARDS.declined), buyer);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    const shown = await getOrder(order.id, buyer, "de");
    // The payment failure page names the order and the provider's reason, in the caller's language.
    expect(shown.body).toMatchObject({
      paymentStatus: "unpaid",
      orderNumber: order.orderNumber,
      paymentFailureMessage: "Deine Karte wurde abgelehnt.",
    });
    // The list reads every order in one query: it answers this one exactly as the order's own route.
    expect((await listOrders(buyer, "de")).body.find((o) => o.id === order.id)).toEqual(shown.body);
    expect((await getCart(buyer)).items.length).toBeGreaterThan(0);

    const fresh = await retryPayment(order.id, buyer, "de");
    expect(fresh.status).toBe(200);
    expect(fresh.body.status).toBe("requires_payment");
    expect(fresh.body.id).not.toBe(declined.body.id);
    // Asking again answers the same open attempt.
    expect((await retryPayment(order.id, buyer)).body.id).toBe(fresh.body.id);
    // The declined attempt can no longer be paid: it was cancelled before attempt 2 was made.
    expect((await paymentRows(order.id)).map((r) => r.status)).toEqual(["cancelled", "requires_payment"]);

    const paid = await paySandbox(order.id, card(CARDS.ok), buyer);
    expect(paid.body).toMatchObject({ id: fresh.body.id, status: "succeeded" });
    const rows = await paymentRows(order.id);
    expect(rows.map((r) => [r.status, r.idempotencyKey])).toEqual([
      ["cancelled", `order:${order.id}:attempt:1`],
      ["succeeded", `order:${order.id}:attempt:2`],
    ]);
    expect((await getOrder(order.id, buyer)).body).toMatchObject({ paymentStatus: "paid", paymentFailureMessage: null });
    expect((await getCart(buyer)).items).toHaveLength(0);
  });

  it("a declined attempt can be paid again directly with another card (like a Stripe PaymentIntent)", async () => {
    const { order } = await placedOrder("customer", customerId);
    expect((await paySandbox(order.id, card(CARDS.declined), "customer", "de")).body.failureMessage).toBe("Deine Karte wurde abgelehnt.");
    expect((await paySandbox(order.id, card("4111 1111 1111 1111"))).body).toMatchObject({
      status: "failed",
      failureMessage: "Your card was declined.",
    });
    expect((await paySandbox(order.id, card(CARDS.ok))).body.status).toBe("succeeded");
  });

  it("an expired card fails as expired", async () => {
    const { order } = await placedOrder("customer", customerId);
    const res = await paySandbox(order.id, card(CARDS.ok, { expYear: 2020, expMonth: 1 }));
    expect(res.body).toMatchObject({ status: "failed", failureMessage: "Your card has expired." });
  });

  it("4000 0027 6000 3184 needs an extra step: approve → paid", async () => {
    const { order } = await placedOrder("customer", customerId);
    const pending = await paySandbox(order.id, card(CARDS.threeDs));
    expect(pending.body).toMatchObject({ status: "requires_action", failureMessage: null });
    expect((await getOrder(order.id)).body.paymentStatus).toBe("unpaid");
    // While the extra step is open, the card cannot be confirmed again.
    expect((await paySandbox(order.id, card(CARDS.ok))).status).toBe(409);
    const approved = await authenticateSandbox(order.id, { approve: true });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("succeeded");
    expect((await getOrder(order.id)).body.paymentStatus).toBe("paid");
    expect((await getCart("customer")).items).toHaveLength(0);
  });

  it("4000 0027 6000 3184 rejected → failed with the authentication message; authenticating without a pending step → 409", async () => {
    const { order } = await placedOrder("customer", customerId);
    const early = await authenticateSandbox(order.id, { approve: true });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("This payment cannot be confirmed in its current state");
    await paySandbox(order.id, card(CARDS.threeDs));
    const rejected = await authenticateSandbox(order.id, { approve: false });
    expect(rejected.body).toMatchObject({
      status: "failed",
      failureMessage: "We could not authenticate your payment. Please try again or use another card.",
    });
    expect((await getOrder(order.id)).body.paymentStatus).toBe("unpaid");
    expect((await getCart("customer")).items.length).toBeGreaterThan(0);
  });

  it.each([
    ["card number with letters", { cardNumber: "4242 abcd" }, "cardNumber", "Invalid card number"],
    ["card number too short", { cardNumber: "4242" }, "cardNumber", "Invalid card number"],
    ["month 13", { expMonth: 13 }, "expMonth", "Invalid expiry date"],
    ["year as text", { expYear: "2030" }, "expYear", "Invalid expiry date"],
    ["CVC with letters", { cvc: "12a" }, "cvc", "Invalid security code"],
  ])("POST …/payment/sandbox 422 – %s", async (_name, overrides, field, message) => {
    const buyer = await newCustomer();
    const { order } = await placedOrder(buyer, buyer.id);
    const res = await paySandbox(order.id, { ...card(CARDS.ok), ...overrides }, buyer);
    expect(res.status).toBe(422);
    expect(res.body.errors?.[field]).toBe(message);
    expect((await paymentRows(order.id)).map((p) => p.status)).toEqual(["requires_payment"]);
  });

  it("POST …/payment/sandbox/authenticate 422 without approve", async () => {
    const { order } = await placedOrder("customer", customerId);
    const res = await authenticateSandbox(order.id, {});
    expect(res.status).toBe(422);
    expect(res.body.errors?.approve).toBeDefined();
  });

  it("stores no card data: no table row holds the card number", async () => {
    const db = await getDb();
    const dump = JSON.stringify([await db.select().from(payments), await db.select().from(orders), await db.select().from(outgoingMail)]);
    for (const number of Object.values(CARDS)) expect(dump).not.toContain(number.replace(/ /g, ""));
  });
});

describe("POST /api/user/orders/{orderId}/cancel", () => {
  it("a paid pending order is refunded and cancelled; cancelling again → 409", async () => {
    const buyer = await newCustomer();
    const { order } = await placedOrder(buyer, buyer.id);
    await paySandbox(order.id, card(CARDS.ok), buyer);
    const res = await cancelOrder(order.id, buyer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: order.id, status: "cancelled", paymentStatus: "refunded", cancellable: false });
    expect((await paymentRows(order.id)).map((p) => p.status)).toEqual(["refunded"]);
    const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, order.id));
    expect(row?.cancelledAt).toBeInstanceOf(Date);

    const again = await cancelOrder(order.id, buyer);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order can no longer be cancelled");
    // A cancelled order cannot be paid any more.
    expect((await paySandbox(order.id, card(CARDS.ok), buyer)).status).toBe(409);
    expect((await retryPayment(order.id, buyer)).status).toBe(409);
  });

  it("an unpaid order has its payment cancelled", async () => {
    const buyer = await newCustomer();
    const { order } = await placedOrder(buyer, buyer.id);
    const res = await cancelOrder(order.id, buyer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", paymentStatus: "unpaid", cancellable: false });
    expect((await paymentRows(order.id)).map((p) => p.status)).toEqual(["cancelled"]);
  });

  it.each(["shipped", "processing", "delivered"] as const)("a %s order cannot be cancelled (409) and stays as it is", async (status) => {
    const buyer = await newCustomer();
    const { order } = await placedOrder(buyer, buyer.id);
    await paySandbox(order.id, card(CARDS.ok), buyer);
    await (await getDb()).update(orders).set({ status }).where(eq(orders.id, order.id));
    const res = await cancelOrder(order.id, buyer);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order can no longer be cancelled");
    expect((await getOrder(order.id, buyer)).body).toMatchObject({ status, paymentStatus: "paid", cancellable: false });
    expect((await paymentRows(order.id)).map((p) => p.status)).toEqual(["succeeded"]);
  });
});

describe("GET /api/user/orders/{orderId}/receipt", () => {
  let orderId: string;
  let orderNumber: string;
  beforeAll(async () => {
    const { order } = await placedOrder("customer", customerId);
    await paySandbox(order.id, card(CARDS.ok));
    orderId = order.id;
    orderNumber = order.orderNumber;
  });

  it.each(["en", "de"] as const)("the own order's receipt is a PDF attachment (%s)", async (lang) => {
    const res = await getReceipt(orderId, "customer", lang);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="receipt-${orderNumber}.pdf"`);
    expect(String(res.body).startsWith("%PDF")).toBe(true);
  });

  it("another customer's receipt → 404", async () => {
    const res = await getReceipt(orderId, "other");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Not found");
  });
});

describe("receipt mail over SMTP (SMTP_URL set)", () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
    return async () => {
      delete process.env.SMTP_URL;
      resetEnvCache();
      await smtp.close();
    };
  });

  it("sends the receipt to the SMTP server instead of the outbox and records it as sent", async () => {
    const email = `smtp-${randomUUID().slice(0, 8)}@example.com`;
    const { order } = await placedOrder("customer", customerId, {
      body: checkoutBody({ contact: { ...(checkoutBody().contact as object), email } }),
    });
    const files = outboxFiles(dataDir).length;
    expect((await paySandbox(order.id, card(CARDS.ok))).body.status).toBe("succeeded");
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ status: "sent", error: null });
    const received = smtp.messages.find((m) => m.to.some((to) => to.includes(email)));
    expect(received?.from).toContain("shop@example.com");
    expect(readableMail(received?.data ?? "")).toContain(`Subject: Your MugMagic order ${order.orderNumber}`);
    expect(outboxFiles(dataDir).length).toBe(files);
  });

  it("a refused message is recorded as failed; the payment stands", async () => {
    smtp.rejectRecipients = true;
    try {
      const email = `refused-${randomUUID().slice(0, 8)}@example.com`;
      const { order } = await placedOrder("customer", customerId, {
        body: checkoutBody({ contact: { ...(checkoutBody().contact as object), email } }),
      });
      expect((await paySandbox(order.id, card(CARDS.ok))).body.status).toBe("succeeded");
      const [mail] = await mailsTo(email);
      expect(mail?.status).toBe("failed");
      expect(mail?.error).toBeTruthy();
      expect((await getOrder(order.id)).body.paymentStatus).toBe("paid");
    } finally {
      smtp.rejectRecipients = false;
    }
  });
});
