import { describe, expect, it } from "vitest";
import { discountCentsOf, discountedTotals, discountProblem, type DiscountRules } from "@/lib/domain/discount";
import { splitProportionally } from "@/lib/domain/pricing";
import { GERMANY } from "../helpers/shipping";
import { discountLines, grossLine, vatTotalsOf } from "@/lib/services/invoices/content";

const LINES = [
  { unitPriceCents: 1499, quantity: 2, vatPercent: 19 },
  { unitPriceCents: 1070, quantity: 1, vatPercent: 7 },
  { unitPriceCents: 333, quantity: 1, vatPercent: 19 },
];

describe("lib/domain/discount – the amount", () => {
  it("a percentage is rounded half up; a fixed amount is capped at the goods", () => {
    expect(discountCentsOf({ kind: "percent", percent: 10 }, 4401)).toBe(440); // 440.1
    expect(discountCentsOf({ kind: "percent", percent: 10 }, 4405)).toBe(441); // 440.5
    expect(discountCentsOf({ kind: "percent", percent: 100 }, 4401)).toBe(4401);
    expect(discountCentsOf({ kind: "fixed", amountCents: 500 }, 4401)).toBe(500);
    expect(discountCentsOf({ kind: "fixed", amountCents: 10_000 }, 1499)).toBe(1499);
    expect(discountCentsOf({ kind: "fixed", amountCents: 500 }, 0)).toBe(0);
  });
});

describe("lib/domain/discount – split over the lines and the totals", () => {
  it("10 % of 44.01 €: 4.40 split by largest remainder, VAT of each line from its discounted gross", () => {
    // Exact shares 299.73 / 106.98 / 33.29: floors 299 + 106 + 33 = 438, the 2 cents left go to 106.98 and 299.73.
    const { totals, lineDiscountCents } = discountedTotals(LINES, GERMANY, 19, { kind: "percent", percent: 10 });
    expect(lineDiscountCents).toEqual([300, 107, 33]);
    // Discounted gross 2698 @19 → VAT 431, 963 @7 → 63 (net exactly 900), 300 @19 → 48; shipping 490 @19 → 78.
    expect(totals).toEqual({ subtotalCents: 4401, discountCents: 440, shippingCents: 490, taxCents: 431 + 63 + 48 + 78, totalCents: 4451 });
  });

  it("shares always sum to the discount and never exceed a line", () => {
    for (const amount of [0, 1, 2, 3, 439, 4400, 4401]) {
      const shares = splitProportionally(amount, [2998, 1070, 333]);
      expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
      shares.forEach((share, i) => expect(share).toBeLessThanOrEqual([2998, 1070, 333][i] ?? 0));
    }
    // Ties go to the earlier line.
    expect(splitProportionally(1, [500, 500])).toEqual([1, 0]);
  });

  it("a fixed amount above the goods takes them to zero; shipping is never discounted", () => {
    const { totals, lineDiscountCents } = discountedTotals(LINES.slice(0, 1), GERMANY, 19, { kind: "fixed", amountCents: 10_000 });
    expect(lineDiscountCents).toEqual([2998]);
    expect(totals).toEqual({ subtotalCents: 2998, discountCents: 2998, shippingCents: 490, taxCents: 78, totalCents: 490 });
  });

  it("free shipping looks at the goods after the discount", () => {
    const lines = [{ unitPriceCents: 2600, quantity: 2, vatPercent: 19 }];
    expect(discountedTotals(lines, GERMANY, 19, null).totals.shippingCents).toBe(0);
    expect(discountedTotals(lines, GERMANY, 19, { kind: "percent", percent: 10 }).totals).toMatchObject({
      discountCents: 520,
      shippingCents: 490,
      totalCents: 4680 + 490,
    });
  });

  it("invoice: item lines at full price plus one negative line per rate carry exactly the order's VAT per rate", () => {
    const { totals, lineDiscountCents } = discountedTotals(LINES, GERMANY, 19, { kind: "percent", percent: 10 });
    const items = LINES.map((l, i) => ({
      totalCents: l.unitPriceCents * l.quantity,
      discountCents: lineDiscountCents[i] ?? 0,
      vatPercent: l.vatPercent,
    }));
    const itemLines = items.map((i) =>
      grossLine({
        kind: "item",
        name: "Mug",
        detail: null,
        quantity: 1,
        unitGrossCents: i.totalCents,
        vatPercent: i.vatPercent,
        grossCents: i.totalCents,
      }),
    );
    const discounts = discountLines(items, (rate) => `Discount (${rate} %)`);
    // 19 %: 333 off (VAT 479 − 431 + 53 − 48 = 53); 7 %: 107 off (VAT 70 − 63 = 7).
    expect(discounts.map((d) => [d.vatPercent, d.grossCents, d.vatCents, d.netCents])).toEqual([
      [19, -333, -53, -280],
      [7, -107, -7, -100],
    ]);
    const byRate = vatTotalsOf([...itemLines, ...discounts]);
    expect(byRate).toEqual([
      { vatPercent: 19, grossCents: 2698 + 300, vatCents: 431 + 48, netCents: 2998 - 479 },
      { vatPercent: 7, grossCents: 963, vatCents: 63, netCents: 900 },
    ]);
    expect(byRate.reduce((s, r) => s + r.vatCents, 0) + 78).toBe(totals.taxCents);
  });
});

describe("lib/domain/discount – when a code does not apply", () => {
  const rules: DiscountRules = {
    active: true,
    validFrom: new Date("2026-01-01T00:00:00Z"),
    validTo: new Date("2026-02-01T00:00:00Z"),
    minOrderCents: 2000,
    maxUses: 10,
    maxUsesPerCustomer: 1,
  };
  const use = { now: new Date("2026-01-15T00:00:00Z"), goodsCents: 2000, usedCount: 9, usedByCustomer: 0, usedByAccount: 0 };
  it.each([
    ["applies", rules, use, null],
    ["inactive reads as unknown", { ...rules, active: false }, use, "unknown"],
    ["before validFrom reads as unknown", rules, { ...use, now: new Date("2025-12-31T23:59:59Z") }, "unknown"],
    ["at validTo", rules, { ...use, now: new Date("2026-02-01T00:00:00Z") }, "expired"],
    ["all uses taken", rules, { ...use, usedCount: 10 }, "usedUp"],
    ["the customer's uses taken by this account", rules, { ...use, usedByCustomer: 1, usedByAccount: 1 }, "usedUpByCustomer"],
    ["the customer's uses taken by an unproven email or address reads as unknown", rules, { ...use, usedByCustomer: 1 }, "unknown"],
    ["below the minimum", rules, { ...use, goodsCents: 1999 }, "belowMinimum"],
    [
      "no limits at all",
      { ...rules, validFrom: null, validTo: null, maxUses: null, maxUsesPerCustomer: null },
      { ...use, usedCount: 99, usedByCustomer: 9 },
      null,
    ],
  ] as const)("%s", (_title, r, u, expected) => expect(discountProblem(r, u)).toBe(expected));
});
