import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders, outgoingMail, payments } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { resetEnvCache } from "@/lib/env";
import { formatEuro } from "@/lib/format";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp";
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
  paySandbox,
  placedOrder,
  readableMail,
  retryPayment,
  customerId,
  dataDir,
  mailsTo,
  paymentRows,
  setupOrderFixtures,
} from "../helpers/orders";

setupOrderFixtures();

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
    // The confirmation on a durable medium (§ 312f BGB): who sells, the AGB, the Widerrufsbelehrung with its form.
    for (const body of [mail?.text ?? "", mail?.html ?? ""]) {
      expect(body).toContain("Verkäufer");
      expect(body).toContain("Allgemeine Geschäftsbedingungen (AGB)");
      expect(body).toContain("§ 3 Vertragsschluss");
      expect(body).toContain("Widerrufsbelehrung");
      expect(body).toContain("Muster-Widerrufsformular");
      expect(body).toContain("Ende der Widerrufsbelehrung");
      expect(body).not.toMatch(/<(contact|name|recipient|imprint|withdrawal)>/);
    }
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
