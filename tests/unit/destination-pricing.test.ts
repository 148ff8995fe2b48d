import { describe, expect, it } from "vitest";
import { chargedLine, netFromGross, orderTotals, vatInGross } from "@/lib/domain/pricing";
import { discountedTotals } from "@/lib/domain/discount";
import { destination, GERMANY } from "../helpers/shipping";

const MUG = { unitPriceCents: 1499, quantity: 1, vatPercent: 19 };
const SWITZERLAND = destination("CH");
const AUSTRIA_OSS = destination("AT", true);
const AUSTRIA = destination("AT");

describe("lib/domain/pricing – charged at the destination", () => {
  it("Germany and an EU consumer without OSS: German gross and rate, as before", () => {
    expect(orderTotals([MUG], AUSTRIA, 19)).toEqual({
      subtotalCents: 1499,
      discountCents: 0,
      shippingCents: 990,
      taxCents: vatInGross(1499, 19) + vatInGross(990, 19),
      totalCents: 2489,
    });
    expect(chargedLine(MUG, GERMANY.tax)).toEqual(MUG);
  });

  it("OSS: the gross stays, line and shipping carry the destination's standard rate", () => {
    expect(chargedLine(MUG, AUSTRIA_OSS.tax)).toEqual({ ...MUG, vatPercent: 20 });
    expect(chargedLine({ ...MUG, vatPercent: 7 }, AUSTRIA_OSS.tax).vatPercent).toBe(7);
    expect(orderTotals([MUG], AUSTRIA_OSS, 19)).toEqual({
      subtotalCents: 1499,
      discountCents: 0,
      shippingCents: 990,
      taxCents: 250 + 165,
      totalCents: 2489,
    });
  });

  it("export: net unit prices, shipping without VAT, no tax at all", () => {
    expect(chargedLine({ ...MUG, quantity: 2 }, SWITZERLAND.tax)).toEqual({ unitPriceCents: 1260, quantity: 2, vatPercent: 0 });
    expect(orderTotals([MUG], SWITZERLAND, 19)).toEqual({
      subtotalCents: 1260,
      discountCents: 0,
      shippingCents: 1990,
      taxCents: 0,
      totalCents: 3250,
    });
  });

  it("charging twice changes nothing (the summary and the placing may both apply it)", () => {
    for (const d of [GERMANY, AUSTRIA_OSS, SWITZERLAND]) {
      const once = chargedLine(MUG, d.tax);
      expect(chargedLine(once, d.tax)).toEqual(once);
    }
  });

  it("export: a discount applies to the net amounts", () => {
    const { totals, lineDiscountCents, chargedLines } = discountedTotals([{ ...MUG, quantity: 2 }], SWITZERLAND, 19, {
      kind: "percent",
      percent: 10,
    });
    expect(chargedLines).toEqual([{ unitPriceCents: netFromGross(1499, 19), quantity: 2, vatPercent: 0 }]);
    expect(lineDiscountCents).toEqual([252]);
    expect(totals).toEqual({ subtotalCents: 2520, discountCents: 252, shippingCents: 1990, taxCents: 0, totalCents: 4258 });
  });
});
