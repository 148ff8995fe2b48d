import { describe, expect, it } from "vitest";
import { discountAmount, discountRefusal, splitDiscount, vatByRate } from "@/lib/domain/discount";
import { vatInGross } from "@/lib/domain/pricing";

const code = {
  active: true,
  validFrom: new Date("2026-11-01T00:00:00Z"),
  validTo: new Date("2026-12-01T00:00:00Z"),
  minOrderCents: 2000,
  maxUses: 10,
  maxUsesPerCustomer: 1,
  usedCount: 3,
};
const now = new Date("2026-11-15T12:00:00Z");

describe("discount codes: the pure rules", () => {
  it("refuses an inactive, early, expired, used-up or below-minimum code, each for its own reason", () => {
    expect(discountRefusal(code, { now, goodsCents: 2000, customerUses: 0 })).toBeNull();
    expect(discountRefusal({ ...code, active: false }, { now, goodsCents: 2000, customerUses: 0 })).toBe("unknown");
    expect(discountRefusal(code, { now: new Date("2026-10-31T23:59:59Z"), goodsCents: 2000, customerUses: 0 })).toBe("notYetValid");
    expect(discountRefusal(code, { now: new Date("2026-12-01T00:00:00Z"), goodsCents: 2000, customerUses: 0 })).toBe("expired");
    expect(discountRefusal({ ...code, usedCount: 10 }, { now, goodsCents: 2000, customerUses: 0 })).toBe("usedUp");
    expect(discountRefusal(code, { now, goodsCents: 2000, customerUses: 1 })).toBe("usedUp");
    expect(discountRefusal(code, { now, goodsCents: 1999, customerUses: 0 })).toBe("belowMinimum");
  });

  it("takes a percentage rounded half up, and a fixed amount never beyond the goods", () => {
    expect(discountAmount({ kind: "percent", percent: 10, amountCents: null }, 1995)).toBe(200);
    expect(discountAmount({ kind: "percent", percent: 15, amountCents: null }, 1990)).toBe(299);
    expect(discountAmount({ kind: "fixed", percent: null, amountCents: 500 }, 1990)).toBe(500);
    expect(discountAmount({ kind: "fixed", percent: null, amountCents: 5000 }, 1990)).toBe(1990);
    expect(discountAmount({ kind: "percent", percent: 10, amountCents: null }, 0)).toBe(0);
  });

  it("shares the discount over the lines in proportion, summing exactly, never more than a line costs", () => {
    expect(splitDiscount([1000, 1000, 1000], 100)).toEqual([34, 33, 33]);
    expect(splitDiscount([2990, 1990, 10], 499)).toEqual([299, 199, 1]);
    expect(splitDiscount([1, 1], 5)).toEqual([1, 1]);
    expect(splitDiscount([1500, 500], 0)).toEqual([0, 0]);
    for (const [lines, d] of [
      [[1999, 2999, 3999], 777],
      [[1, 2, 3, 4, 5, 6, 7], 13],
    ] as const) {
      const shares = splitDiscount(lines, d);
      expect(shares.reduce((s, x) => s + x, 0)).toBe(d);
      shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(lines[i] ?? 0));
    }
  });

  it("takes VAT per rate from the discounted gross, so the rates add up to the total to the cent", () => {
    const lines = [
      { totalCents: 2990, vatPercent: 19 },
      { totalCents: 1990, vatPercent: 7 },
      { totalCents: 995, vatPercent: 19 },
    ];
    const shares = splitDiscount(
      lines.map((l) => l.totalCents),
      600,
    );
    const rates = vatByRate(lines.map((l, i) => ({ ...l, discountCents: shares[i] ?? 0 })));
    expect(rates.map((r) => r.vatPercent)).toEqual([19, 7]);
    const gross19 = 2990 + 995 - (shares[0] ?? 0) - (shares[2] ?? 0);
    expect(rates[0]).toEqual({
      vatPercent: 19,
      grossCents: gross19,
      vatCents: vatInGross(gross19, 19),
      netCents: gross19 - vatInGross(gross19, 19),
    });
    expect(rates.reduce((s, r) => s + r.grossCents, 0)).toBe(2990 + 1990 + 995 - 600);
    expect(rates.every((r) => r.netCents + r.vatCents === r.grossCents)).toBe(true);
  });
});
