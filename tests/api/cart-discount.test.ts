import { beforeEach, describe, expect, it } from "vitest";
import { GERMANY } from "../helpers/shipping";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { carts, discountCodes } from "@/db/schema";
import { discountedTotals } from "@/lib/domain/discount";
import {
  MUG_PRICE,
  customerId,
  otherId,
  addLine,
  clearAll,
  getCart,
  getSummary,
  registerGuest,
  updateItem,
  setupCartFixtures,
} from "../helpers/cart";
import { applyCode, makeCode, removeCode } from "../helpers/discounts";

setupCartFixtures();
beforeEach(async () => {
  await (await getDb()).update(carts).set({ discountCodeId: null });
});

const DAY = 86_400_000;
const cartCodeOf = async (userId: number) =>
  (await (await getDb()).select({ id: carts.discountCodeId }).from(carts).where(eq(carts.userId, userId)))[0]?.id ?? null;

describe("access matrix for /api/user/cart/discount", () => {
  it("POST and DELETE – anonymous → 401", async () => {
    expect((await applyCode("ANY", "anonymous")).status).toBe(401);
    expect((await removeCode("anonymous")).status).toBe(401);
  });

  it("POST and DELETE – a customer and a guest (their own cart only) → 200; another user's cart is never touched", async () => {
    const code = await makeCode();
    const guest = await registerGuest();
    await addLine({ who: { cookie: guest.cookie }, ownerId: guest.userId });
    expect((await applyCode(code.code, { cookie: guest.cookie })).status).toBe(200);
    expect((await applyCode(code.code, "customer")).status).toBe(200);
    expect((await removeCode("customer")).status).toBe(200);
    expect(await cartCodeOf(customerId)).toBeNull();
    expect(await cartCodeOf(guest.userId)).toBe(code.id);
    expect((await removeCode("other")).status).toBe(200);
    expect(await cartCodeOf(otherId)).toBeNull();
    // Admins shop too.
    expect((await applyCode(code.code, "admin")).status).toBe(200);
  });
});

describe("POST /api/user/cart/discount – applying", () => {
  it("a code typed in any case applies: the summary carries discountCents and the code, VAT from the discounted lines", async () => {
    const code = await makeCode({ code: "TENOFF", percent: 10 });
    await addLine({ quantity: 2 });
    const res = await applyCode("  tenoff ");
    expect(res.status).toBe(200);
    const expected = discountedTotals([{ unitPriceCents: MUG_PRICE, quantity: 2, vatPercent: 19 }], GERMANY, 19, {
      kind: "percent",
      percent: 10,
    });
    // 2998 − 300 = 2698 (VAT 431) + shipping 490 (VAT 78).
    expect(expected.totals).toEqual({ subtotalCents: 2998, discountCents: 300, shippingCents: 490, taxCents: 509, totalCents: 3188 });
    expect(res.body.summary).toMatchObject({
      ...expected.totals,
      discount: { code: "TENOFF", applied: true, reason: null, minOrderCents: 0 },
    });
    expect((await getSummary()).body).toMatchObject({ discountCents: 300, totalCents: 3188, discount: { code: "TENOFF", applied: true } });
    expect(await cartCodeOf(customerId)).toBe(code.id);
  });

  const now = Date.now();
  const refusals: { title: string; code: Parameters<typeof makeCode>[0]; en: string; de: string }[] = [
    {
      title: "inactive (as an unknown code)",
      code: { active: false },
      en: "This discount code cannot be used.",
      de: "Dieser Rabattcode kann nicht verwendet werden.",
    },
    {
      title: "expired",
      code: { validTo: new Date(now - DAY) },
      en: "This discount code has expired.",
      de: "Dieser Rabattcode ist abgelaufen.",
    },
    {
      title: "not yet valid (as an unknown code)",
      code: { validFrom: new Date(now + DAY) },
      en: "This discount code cannot be used.",
      de: "Dieser Rabattcode kann nicht verwendet werden.",
    },
    {
      title: "used up",
      code: { maxUses: 5, usedCount: 5 },
      en: "This discount code has been used up.",
      de: "Dieser Rabattcode ist bereits aufgebraucht.",
    },
    {
      title: "below the minimum",
      code: { minOrderCents: 5000 },
      en: "This discount code applies from an order value of €50.00.",
      de: "Dieser Rabattcode gilt ab einem Bestellwert von 50,00 €.",
    },
  ];
  it.each(refusals)("$title → 422 with its own message in both languages, nothing stored", async ({ code, en, de }) => {
    const row = await makeCode(code);
    await addLine();
    for (const [lang, message] of [
      ["en", en],
      ["de", de],
    ] as const) {
      const res = await applyCode(row.code, "customer", lang);
      expect(res.status).toBe(422);
      expect(res.body.message.replace(/\u00a0/g, " ")).toBe(message);
    }
    expect(await cartCodeOf(customerId)).toBeNull();
  });

  it("an unknown code → 422 'cannot be used'; an empty one → 422 field error", async () => {
    const res = await applyCode("NO-SUCH-CODE");
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("This discount code cannot be used.");
    const empty = await applyCode("   ");
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ code: "Please enter a discount code" });
  });
});

describe("the code on the cart later", () => {
  it("the cart falls below the minimum: shown as not applied with the reason, nothing taken off; back above it applies again", async () => {
    await makeCode({ code: "MIN25", minOrderCents: 2500 });
    const { res } = await addLine({ quantity: 2 });
    const lineId = res.body.items[0]?.id ?? 0;
    expect((await applyCode("MIN25")).body.summary.discountCents).toBe(300);
    const below = (await updateItem(lineId, { quantity: 1 })).body.summary;
    expect(below).toMatchObject({
      subtotalCents: MUG_PRICE,
      discountCents: 0,
      totalCents: MUG_PRICE + 490,
      discount: { code: "MIN25", applied: false, reason: "belowMinimum", minOrderCents: 2500 },
    });
    expect((await updateItem(lineId, { quantity: 2 })).body.summary.discount).toMatchObject({ applied: true, reason: null });
  });

  it("a code that expires or is deactivated on the cart shows its reason; DELETE and clearing the cart take it off", async () => {
    const code = await makeCode();
    await addLine();
    await applyCode(code.code);
    await (
      await getDb()
    )
      .update(discountCodes)
      .set({ validTo: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.id, code.id));
    expect((await getCart()).body.summary.discount).toMatchObject({ applied: false, reason: "expired" });
    await (await getDb()).update(discountCodes).set({ validTo: null, active: false }).where(eq(discountCodes.id, code.id));
    expect((await getSummary()).body.discount).toMatchObject({ applied: false, reason: "unknown" });

    const removed = await removeCode();
    expect(removed.body.summary).toMatchObject({ discount: null, discountCents: 0 });
    await (await getDb()).update(discountCodes).set({ active: true }).where(eq(discountCodes.id, code.id));
    await applyCode(code.code);
    await clearAll();
    expect(await cartCodeOf(customerId)).toBeNull();
  });
});
