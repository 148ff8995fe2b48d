import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as discountCodeRoute from "@/app/api/admin/discount-codes/[discountCodeId]/route";
import { getDb } from "@/db/client";
import { carts, orders } from "@/db/schema";
import { env } from "@/lib/env";
import type { DiscountCodeDto } from "@/lib/schemas/discounts";
import { call, cookieFor } from "../helpers/api";
import { addLine, setupCartFixtures } from "../helpers/cart";
import { applyCode, codeRow, makeCode } from "../helpers/discounts";
import { setupInvoiceFixtures } from "../helpers/invoices";
import { card, CARDS, checkoutBody, newCustomer, paySandbox, placeOrder } from "../helpers/orders";

setupInvoiceFixtures();
setupCartFixtures();

type Buyer = Awaited<ReturnType<typeof newCustomer>>;

/** A new guest account with one mug in the cart and the code applied. */
async function buyerWith(code: string): Promise<Buyer> {
  const buyer = await newCustomer("hold");
  await addLine({ who: buyer, ownerId: buyer.id });
  const applied = await applyCode(code, buyer);
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return buyer;
}

/** The order as if placed longer ago than the hold window. */
async function ageOrder(orderId: string): Promise<void> {
  const placedAt = new Date(Date.now() - (env().DISCOUNT_HOLD_MINUTES + 1) * 60_000);
  await (await getDb()).update(orders).set({ createdAt: placedAt, updatedAt: placedAt }).where(eq(orders.id, orderId));
}

const address = (street1: string, postalCode = "10115", countryCode = "DE") => ({
  firstName: "Anna",
  lastName: "Muster",
  street1,
  street2: null,
  city: "Berlin",
  postalCode,
  countryCode,
});
const contact = (tag: string) => ({ email: `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`, firstName: "A", lastName: "B" });
const cartCodeOf = async (userId: number) =>
  (await (await getDb()).select({ id: carts.discountCodeId }).from(carts).where(eq(carts.userId, userId)))[0]?.id ?? null;

describe("an unpaid order holds a code's use only for the checkout window", () => {
  it("a stranger's unpaid order stops holding the last use after DISCOUNT_HOLD_MINUTES; another customer gets it", async () => {
    const code = await makeCode({ maxUses: 1 });
    const stranger = await buyerWith(code.code);
    const held = await placeOrder(checkoutBody(), stranger);
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.order.discountCents).toBeGreaterThan(0);

    const buyer = await newCustomer("hold-late");
    await addLine({ who: buyer, ownerId: buyer.id });
    // Within the window the use is held.
    expect((await applyCode(code.code, buyer)).body.message).toBe("This discount code has been used up.");

    await ageOrder(held.body.order.id);
    // The back office counts the same way.
    const admin = await call<DiscountCodeDto>(discountCodeRoute.GET, {
      params: { discountCodeId: String(code.id) },
      cookie: await cookieFor("admin"),
    });
    expect(admin.body).toMatchObject({ usedCount: 0, state: "active" });
    expect((await applyCode(code.code, buyer)).status).toBe(200);
    const placed = await placeOrder(checkoutBody({ shippingAddress: address("Ringweg 9") }), buyer);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order.discountCode).toBe(code.code);
  });

  it("a paid order keeps its use however old it is", async () => {
    const code = await makeCode({ maxUses: 1 });
    const first = await buyerWith(code.code);
    const placed = await placeOrder(checkoutBody(), first);
    expect((await paySandbox(placed.body.order.id, card(CARDS.ok), first)).body.status).toBe("succeeded");
    await ageOrder(placed.body.order.id);
    const late = await newCustomer("hold-paid");
    expect((await applyCode(code.code, late)).body.message).toBe("This discount code has been used up.");
    expect((await codeRow(code.id)).usedCount).toBe(1);
  });
});

describe("one use per customer", () => {
  it("a new guest email does not reuse the code for the same shipping address (spelt differently); another address may", async () => {
    const code = await makeCode({ maxUsesPerCustomer: 1 });
    const first = await buyerWith(code.code);
    const placed = await placeOrder(checkoutBody({ contact: contact("first"), shippingAddress: address("Lindenstraße 12") }), first);
    expect((await paySandbox(placed.body.order.id, card(CARDS.ok), first)).body.status).toBe("succeeded");

    const again = await buyerWith(code.code);
    const refused = await placeOrder(
      checkoutBody({ contact: contact("again"), shippingAddress: address(" lindenstr. 12 ", "10 115", "de") }),
      again,
    );
    expect(refused.status).toBe(409);
    expect(await cartCodeOf(again.id)).toBeNull();

    const neighbour = await buyerWith(code.code);
    const ok = await placeOrder(checkoutBody({ contact: contact("neighbour"), shippingAddress: address("Lindenstraße 14") }), neighbour);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.order.discountCode).toBe(code.code);
  });
});
