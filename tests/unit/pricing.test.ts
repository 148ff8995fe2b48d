import { describe, expect, it } from "vitest";
import { divideRoundHalfUp, grossFromNet, netFromGross, orderTotals, salesPrice, vatInGross } from "@/lib/domain/pricing";
import { GERMANY } from "../helpers/shipping";

describe("lib/domain/pricing – grossFromNet", () => {
  const rows: [net: number, percent: number, gross: number][] = [
    [1000, 19, 1190],
    [1260, 19, 1499], // 1499.4 → 1499
    [1259, 19, 1498], // 1498.21 → 1498
    [150, 19, 179], // 178.5 exactly: half up (150 × 1.19 in floating point is 178.4999…)
    [50, 7, 54], // 53.5 → 54
    [1000, 7.7, 1077],
    [999, 0.001, 999], // 999.00999 → 999
    [1, 50, 2], // 1.5 → 2
    [0, 19, 0],
    [1234, 0, 1234],
  ];
  for (const [net, percent, gross] of rows) {
    it(`${net} ct net at ${percent} % → ${gross} ct gross`, () => expect(grossFromNet(net, percent)).toBe(gross));
  }

  it("stays exact at the top of the integer cent range", () => {
    expect(grossFromNet(2_000_000_000, 19)).toBe(2_380_000_000);
    expect(grossFromNet(2_147_483_647, 50)).toBe(3_221_225_471); // 3221225470.5 → up
    expect(grossFromNet(2_147_483_647, 19.999)).toBe(2_576_958_902); // 2576958901.56353
  });

  it("rounds a negative amount like its positive counterpart", () => {
    expect(grossFromNet(-150, 19)).toBe(-179);
    expect(grossFromNet(-1000, 19)).toBe(-1190);
  });
});

describe("lib/domain/pricing – netFromGross", () => {
  const rows: [gross: number, percent: number, net: number][] = [
    [1499, 19, 1260], // 1259.66 → 1260
    [1190, 19, 1000],
    [2499, 19, 2100], // 2100.0 → 2100
    [119, 19, 100],
    [3, 100, 2], // 1.5 → 2 (half up)
    [5, 100, 3], // 2.5 → 3
    [107, 7, 100],
    [1077, 7.7, 1000],
    [0, 19, 0],
  ];
  for (const [gross, percent, net] of rows) {
    it(`${gross} ct gross at ${percent} % → ${net} ct net`, () => expect(netFromGross(gross, percent)).toBe(net));
  }
});

describe("lib/domain/pricing – salesPrice", () => {
  it("GROSS mode: the total is the gross price, net is derived", () => {
    expect(salesPrice(1499, "GROSS", 19)).toEqual({ grossCents: 1499, netCents: 1260, vatPercent: 19 });
  });
  it("NET mode: the total is the net price, gross is derived", () => {
    expect(salesPrice(1000, "NET", 7)).toEqual({ grossCents: 1070, netCents: 1000, vatPercent: 7 });
  });
  it("always answers integers", () => {
    for (let cents = 0; cents < 3000; cents += 7) {
      for (const p of [5, 7, 7.7, 16, 19, 20, 21.5]) {
        const { grossCents, netCents } = salesPrice(cents, cents % 2 ? "NET" : "GROSS", p);
        expect(Number.isInteger(grossCents) && Number.isInteger(netCents)).toBe(true);
      }
    }
  });
  it("agrees with the decimal definition round(net × (1 + p/100)) computed without binary floating point", () => {
    // Reference in BigInt: 100000·net + net·p_milli·… rounded half up.
    for (let net = 0; net < 5000; net += 13) {
      for (const milli of [7000, 19000, 7700, 16000]) {
        const num = BigInt(net) * BigInt(100_000 + milli);
        const expected = Number((num * 2n + 100_000n) / 200_000n);
        expect(grossFromNet(net, milli / 1000)).toBe(expected);
      }
    }
  });
});

describe("lib/domain/pricing – bad input is refused, never silently rounded", () => {
  it.each([
    ["a fractional cent amount", () => grossFromNet(10.5, 19)],
    ["NaN cents", () => netFromGross(Number.NaN, 19)],
    ["cents beyond the integer column range", () => grossFromNet(3_000_000_000, 19)],
    ["a negative percent", () => grossFromNet(100, -1)],
    ["an infinite percent", () => netFromGross(100, Number.POSITIVE_INFINITY)],
    ["a zero denominator", () => divideRoundHalfUp(1, 0)],
  ])("%s → RangeError", (_title, fn) => expect(fn).toThrow(RangeError));
});

describe("lib/domain/pricing – divideRoundHalfUp", () => {
  it.each([
    [5, 2, 3],
    [4, 2, 2],
    [7, 3, 2],
    [8, 3, 3],
    [-5, 2, -3],
    [-7, 3, -2],
    [0, 9, 0],
  ])("%i / %i → %i", (n, d, q) => expect(divideRoundHalfUp(n, d)).toBe(q));
});

describe("lib/domain/pricing – orderTotals (gross prices, VAT contained)", () => {
  it("Germany's default zone: 4.90 € flat, no extra per piece, free from 50 €", () => {
    expect(GERMANY).toEqual({
      country: "DE",
      shipping: { priceCents: 490, extraItemCents: 0, freeFromCents: 5000 },
      tax: { kind: "domestic" },
    });
  });

  it("one mug below the threshold: shipping charged, VAT of line and shipping", () => {
    // 1499 gross at 19 %: net round(1259.66) = 1260 → VAT 239; shipping 490: net round(411.76) = 412 → VAT 78.
    expect(orderTotals([{ unitPriceCents: 1499, quantity: 1, vatPercent: 19 }], GERMANY, 19)).toEqual({
      subtotalCents: 1499,
      discountCents: 0,
      shippingCents: 490,
      taxCents: 239 + 78,
      totalCents: 1989,
    });
  });

  it("VAT is taken from each line total (unit × quantity), rounded half up per line", () => {
    // 2998 at 19 %: net round(2519.33) = 2519 → 479 (not 2 × 239 = 478); 107 at 7 %: net 100 → 7.
    expect(
      orderTotals(
        [
          { unitPriceCents: 1499, quantity: 2, vatPercent: 19 },
          { unitPriceCents: 107, quantity: 1, vatPercent: 7 },
        ],
        GERMANY,
        19,
      ),
    ).toEqual({ subtotalCents: 3105, discountCents: 0, shippingCents: 490, taxCents: 479 + 7 + 78, totalCents: 3595 });
  });

  it("a line's net is rounded half up: 3 ct at 20 % is 2.5 net → 3, so it contains 0 ct VAT", () => {
    expect(vatInGross(3, 20)).toBe(0);
    expect(vatInGross(5, 25)).toBe(1); // net exactly 4
    const totals = orderTotals([{ unitPriceCents: 3, quantity: 1, vatPercent: 20 }], GERMANY, 19);
    expect(totals.taxCents).toBe(0 + vatInGross(490, 19));
    expect(vatInGross(490, 19)).toBe(78);
  });

  it("exactly 50 € ships free; one cent less does not", () => {
    expect(orderTotals([{ unitPriceCents: 2500, quantity: 2, vatPercent: 19 }], GERMANY, 19)).toMatchObject({
      subtotalCents: 5000,
      shippingCents: 0,
      totalCents: 5000,
    });
    expect(orderTotals([{ unitPriceCents: 4999, quantity: 1, vatPercent: 19 }], GERMANY, 19)).toMatchObject({
      subtotalCents: 4999,
      shippingCents: 490,
      totalCents: 5489,
    });
  });

  it("free shipping carries no VAT; the total is subtotal plus shipping", () => {
    // 5998 at 19 %: net round(5040.34) = 5040 → 958.
    expect(orderTotals([{ unitPriceCents: 2999, quantity: 2, vatPercent: 19 }], GERMANY, 19)).toEqual({
      subtotalCents: 5998,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 958,
      totalCents: 5998,
    });
  });

  it("shipping VAT follows the given percent", () => {
    // 490 at 7 %: net round(457.94) = 458 → 32.
    expect(orderTotals([{ unitPriceCents: 1000, quantity: 1, vatPercent: 0 }], GERMANY, 7)).toEqual({
      subtotalCents: 1000,
      discountCents: 0,
      shippingCents: 490,
      taxCents: 32,
      totalCents: 1490,
    });
  });

  it("no lines: everything 0 (nothing to ship)", () => {
    expect(orderTotals([], GERMANY, 19)).toEqual({ subtotalCents: 0, discountCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });

  it.each([
    ["a zero quantity", [{ unitPriceCents: 100, quantity: 0, vatPercent: 19 }]],
    ["a fractional quantity", [{ unitPriceCents: 100, quantity: 1.5, vatPercent: 19 }]],
    ["a fractional price", [{ unitPriceCents: 10.5, quantity: 1, vatPercent: 19 }]],
    ["a negative VAT percent", [{ unitPriceCents: 100, quantity: 1, vatPercent: -1 }]],
    ["a line total beyond the cent range", [{ unitPriceCents: 2_000_000_000, quantity: 2, vatPercent: 19 }]],
  ])("%s → RangeError", (_title, lines) => expect(() => orderTotals(lines, GERMANY, 19)).toThrow(RangeError));
});
