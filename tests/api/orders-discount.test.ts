import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as adminRefundRoute from "@/app/api/admin/orders/[orderId]/refund/route";
import * as discountCodesRoute from "@/app/api/admin/discount-codes/route";
import * as discountCodeRoute from "@/app/api/admin/discount-codes/[discountCodeId]/route";
import { getDb } from "@/db/client";
import { carts, discountCodes, orderItems, outgoingMail, payments } from "@/db/schema";
import type { DiscountCodePage } from "@/lib/schemas/discounts";
import { expireUnpaidOrders } from "@/lib/services/orders/expiry";
import { call, cookieFor } from "../helpers/api";
import { addLine, campMug, getSummary, setupCartFixtures } from "../helpers/cart";
import { applyCode, codeRow, makeCode, redemptionsOf } from "../helpers/discounts";
import { adminPost, content, invoiceOf, invoicesOf, orderBody, setupInvoiceFixtures } from "../helpers/invoices";
import { cancelOrder, card, CARDS, newCustomer, paySandbox, placeOrder } from "../helpers/orders";

setupInvoiceFixtures();
setupCartFixtures();

type Buyer = Awaited<ReturnType<typeof newCustomer>>;
const key = () => `discount-${crypto.randomUUID()}`;
const body = (overrides: Record<string, unknown> = {}) => orderBody({ idempotencyKey: key(), ...overrides });
const cartCodeOf = async (userId: number) =>
  (await (await getDb()).select({ id: carts.discountCodeId }).from(carts).where(eq(carts.userId, userId)))[0]?.id ?? null;

/** Two mugs at 19 % (29.98 €) and the camp mug at 7 % (10.70 €) in a new buyer's cart, with the code applied. */
async function twoRateCart(code: string): Promise<Buyer> {
  const buyer = await newCustomer("discount");
  await addLine({ who: buyer, ownerId: buyer.id, quantity: 2 });
  await addLine({ who: buyer, ownerId: buyer.id, mugId: campMug.id, variantId: campMug.variantId });
  expect((await applyCode(code, buyer)).status).toBe(200);
  return buyer;
}

async function pay(orderId: string, buyer: Buyer) {
  const paid = await paySandbox(orderId, card(CARDS.ok), buyer);
  expect(paid.body.status, JSON.stringify(paid.body)).toBe("succeeded");
}

describe("an order with a discount code", () => {
  it("stores the discount, its line shares and the discounted totals; charges and invoices them with VAT per rate exact", async () => {
    const code = await makeCode({ code: "TWORATES", percent: 10 });
    const buyer = await twoRateCart("tworates");
    const placed = await placeOrder(body(), buyer);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { order, payment } = placed.body;
    // Goods 2998 + 1070 = 4068; 10 % = 406.8 → 407, split 299.95 / 107.05 → 300 / 107 (the cent left goes to .95).
    // Discounted 2698 @19 % → VAT 431; 963 @7 % → VAT 63 (net 900); shipping 490 @19 % → VAT 78 (goods 36.61 € < 50 €).
    expect(order).toMatchObject({
      subtotalCents: 4068,
      discountCents: 407,
      discountCode: "TWORATES",
      shippingCents: 490,
      taxCents: 572,
      totalCents: 4151,
    });
    expect(order.items.map((i) => [i.totalCents, i.discountCents])).toEqual([
      [2998, 300],
      [1070, 107],
    ]);
    expect(payment.amountCents).toBe(4151);
    expect((await redemptionsOf(code.id)).map((r) => [r.orderId, r.amountCents])).toEqual([[order.id, 407]]);
    expect((await codeRow(code.id)).usedCount).toBe(1);

    await pay(order.id, buyer);
    const invoice = content(await invoiceOf(order.id));
    expect(invoice.lines.filter((l) => l.kind === "discount").map((l) => [l.name, l.vatPercent, l.grossCents, l.vatCents])).toEqual([
      ["Discount TWORATES (19% VAT)", 19, -300, -48], // 479 − 431
      ["Discount TWORATES (7% VAT)", 7, -107, -7], // 70 − 63
    ]);
    expect(invoice.vatTotals).toEqual([
      { vatPercent: 19, grossCents: 2698 + 490, vatCents: 431 + 78, netCents: 3188 - 509 },
      { vatPercent: 7, grossCents: 963, vatCents: 63, netCents: 900 },
    ]);
    expect(invoice.totals).toEqual({ grossCents: 4151, vatCents: 572, netCents: 4151 - 572 });

    // The receipt names the discount; the paid order took the code off the cart.
    const [receipt] = await (
      await getDb()
    )
      .select()
      .from(outgoingMail)
      .where(and(eq(outgoingMail.orderId, order.id), eq(outgoingMail.kind, "receipt")));
    expect(receipt?.text).toContain("Discount (TWORATES): -€4.07");
    expect(await cartCodeOf(buyer.id)).toBeNull();

    // The back office sees the use and the revenue; a used code cannot be deleted.
    const admin = await cookieFor("admin");
    const listed = await call<DiscountCodePage>(discountCodesRoute.GET, { path: "/api/admin/discount-codes?q=tworates", cookie: admin });
    expect(listed.body.items).toMatchObject([{ code: "TWORATES", usedCount: 1, revenueCents: 4151 }]);
    const del = await call<{ message: string }>(discountCodeRoute.DELETE, {
      method: "DELETE",
      params: { discountCodeId: String(code.id) },
      cookie: admin,
    });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe("This discount code has been used in orders and cannot be deleted. Deactivate it instead.");

    // Refunds give back what was paid: a part, then the rest; the credit notes split by rate on the discounted amounts.
    await adminPost(adminRefundRoute.POST, order.id, "refund", { amountCents: 1000, reason: "Chipped handle" });
    await adminPost(adminRefundRoute.POST, order.id, "refund", { reason: "Returned" });
    const [paid] = await (await getDb()).select().from(payments).where(eq(payments.orderId, order.id));
    expect(paid).toMatchObject({ amountCents: 4151, refundedCents: 4151 });
    const notes = (await invoicesOf(order.id)).filter((d) => d.kind === "credit_note").map((d) => content(d));
    // 1000 over the remaining 3188 / 963: 768.01 / 231.99 → 768 / 232.
    expect(notes[0]?.vatTotals.map((t) => [t.vatPercent, t.grossCents])).toEqual([
      [19, 768],
      [7, 232],
    ]);
    for (const rate of invoice.vatTotals) {
      const credited = notes.flatMap((n) => n.vatTotals).filter((t) => t.vatPercent === rate.vatPercent);
      expect(credited.reduce((s, t) => s + t.grossCents, 0)).toBe(rate.grossCents);
      expect(credited.reduce((s, t) => s + t.vatCents, 0)).toBe(rate.vatCents);
    }
  });
});

describe("counting a code's uses", () => {
  it("two customers race for the last use: one order carries the code, the other gets the price-changed notice and loses the code", async () => {
    const code = await makeCode({ code: "LASTONE", maxUses: 1 });
    const [a, b] = await Promise.all([twoRateCart("LASTONE"), twoRateCart("LASTONE")]);
    const results = await Promise.all([placeOrder(body(), a), placeOrder(body(), b)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.findIndex((r) => r.status === 409);
    expect(results[loser]?.body.message).toBe("Prices in your cart have changed. Please check your order and confirm it again.");
    expect(results[1 - loser]?.body.order.discountCents).toBe(407);
    expect(await redemptionsOf(code.id)).toHaveLength(1);
    expect((await codeRow(code.id)).usedCount).toBe(1);
    const loserBuyer = loser === 0 ? a : b;
    expect(await cartCodeOf(loserBuyer.id)).toBeNull();
    // Confirming again places the order at the full price.
    const again = await placeOrder(body(), loserBuyer);
    expect(again.status).toBe(201);
    expect(again.body.order).toMatchObject({ discountCents: 0, discountCode: null, totalCents: 4068 + 490 });
  });

  it("a code that expired between cart and checkout is treated like a price change", async () => {
    const code = await makeCode({ code: "LATE" });
    const buyer = await twoRateCart("LATE");
    await (
      await getDb()
    )
      .update(discountCodes)
      .set({ validTo: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.id, code.id));
    const res = await placeOrder(body(), buyer);
    expect(res.status).toBe(409);
    expect((await getSummary(buyer)).body).toMatchObject({ discount: null, discountCents: 0 });
    expect((await codeRow(code.id)).usedCount).toBe(0);
  });

  it("placing the open order again counts once; cancelling or expiring an unpaid order gives the use back", async () => {
    const code = await makeCode({ code: "GIVEBACK", maxUses: 1 });
    const buyer = await twoRateCart("GIVEBACK");
    const first = await placeOrder(body(), buyer);
    const second = await placeOrder(body(), buyer);
    expect(second.body.order.id).toBe(first.body.order.id);
    expect(second.body.order.discountCents).toBe(407);
    expect(await redemptionsOf(code.id)).toHaveLength(1);
    expect((await codeRow(code.id)).usedCount).toBe(1);
    // Its own use does not make the code "used up" for the customer who holds it.
    expect((await getSummary(buyer)).body.discount).toMatchObject({ applied: true });

    expect((await cancelOrder(first.body.order.id, buyer)).status).toBe(200);
    expect(await redemptionsOf(code.id)).toHaveLength(0);
    expect((await codeRow(code.id)).usedCount).toBe(0);

    const other = await twoRateCart("GIVEBACK");
    const placed = await placeOrder(body(), other);
    expect((await codeRow(code.id)).usedCount).toBe(1);
    expect(await expireUnpaidOrders(new Date(Date.now() + 1000 * 3_600_000), { userId: other.id })).toBe(1);
    expect(await redemptionsOf(code.id)).toHaveLength(0);
    expect((await codeRow(code.id)).usedCount).toBe(0);
    const [line] = await (await getDb()).select().from(orderItems).where(eq(orderItems.orderId, placed.body.order.id));
    expect(line?.discountCents).toBe(300); // the order keeps what it was placed with
  });

  it("uses per customer count the same account and the same shipping address (a typed contact email proves nothing)", async () => {
    await makeCode({ code: "ONCEEACH", maxUsesPerCustomer: 1 });
    const email = `Once-${crypto.randomUUID().slice(0, 8)}@Example.com`;
    const contact = { email, firstName: "Anna", lastName: "Muster" };
    const buyer = await twoRateCart("ONCEEACH");
    const placed = await placeOrder(body({ contact }), buyer);
    await pay(placed.body.order.id, buyer);
    await addLine({ who: buyer, ownerId: buyer.id });
    const again = await applyCode("ONCEEACH", buyer);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("You have already used this discount code as often as it allows.");

    const sameEmail = await twoRateCart("ONCEEACH");
    const res = await placeOrder(body({ contact: { ...contact, email: email.toLowerCase() } }), sameEmail);
    expect(res.status).toBe(409);
    expect(await cartCodeOf(sameEmail.id)).toBeNull();
  });
});
