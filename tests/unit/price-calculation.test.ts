import { describe, expect, it } from "vitest";
import {
  amountOfPercent,
  derivePriceCalculation,
  percentOf,
  priceCalculationOutOfRange,
  type PriceCalculationInput,
} from "@/lib/domain/price-calculation";

function input(overrides: Partial<PriceCalculationInput> = {}): PriceCalculationInput {
  return {
    purchasePriceCents: 400,
    purchaseCostCents: 0,
    purchaseCostPercent: null,
    purchaseCostDriver: "AMOUNT",
    purchasePriceMode: "NET",
    purchaseVatPercent: 19,
    purchasePriceUnit: "UNIT",
    purchaseUnitsPerPackage: 1,
    salesMarginCents: null,
    salesMarginPercent: null,
    salesTotalCents: 1499,
    salesDriver: "TOTAL",
    salesPriceMode: "GROSS",
    salesVatPercent: 19,
    ...overrides,
  };
}

describe("lib/domain/price-calculation – percentOf and amountOfPercent (three decimals, half up)", () => {
  const percents: [part: number, base: number, percent: number][] = [
    [50, 350, 14.286], // 14.2857…
    [1, 3, 33.333],
    [2, 3, 66.667],
    [-1, 3, -33.333], // negatives round like their positive counterpart
    [1, 8, 12.5],
    [1, 200_000, 0.001], // 0.0005 exactly → up
    [5, 80_000, 0.006], // 0.00625 → 0.006
    [860, 400, 215],
    [7, 0, 0], // no base: 0, never a division by zero
  ];
  for (const [part, base, percent] of percents) {
    it(`percentOf(${part}, ${base}) = ${percent}`, () => expect(percentOf(part, base)).toBe(percent));
  }

  const amounts: [base: number, percent: number, cents: number][] = [
    [1000, 12.5, 125],
    [333, 12.5, 42], // 41.625 → 42
    [333, 12.4, 41], // 41.292 → 41
    [150, 50, 75],
    [101, 50, 51], // 50.5 → 51
    [101, -50, -51], // half away from zero
    [400, 14.286, 57], // 57.144
    [0, 30, 0],
  ];
  for (const [base, percent, cents] of amounts) {
    it(`amountOfPercent(${base}, ${percent}) = ${cents}`, () => expect(amountOfPercent(base, percent)).toBe(cents));
  }
});

describe("lib/domain/price-calculation – purchase side", () => {
  it("cost as an amount: total = price + cost, cost percent derived", () => {
    const r = derivePriceCalculation(input({ purchasePriceCents: 350, purchaseCostCents: 50 }));
    expect(r).toMatchObject({
      purchasePriceCents: 350,
      purchaseCostCents: 50,
      purchaseCostPercent: 14.286,
      purchaseTotalCents: 400,
      purchaseNetPerUnitCents: 400,
    });
  });

  it("cost as a percent: the amount is derived (half up), the percent kept", () => {
    const r = derivePriceCalculation(
      input({ purchasePriceCents: 333, purchaseCostDriver: "PERCENT", purchaseCostPercent: 12.5, purchaseCostCents: 999 }),
    );
    expect(r).toMatchObject({ purchaseCostCents: 42, purchaseCostPercent: 12.5, purchaseTotalCents: 375, purchaseNetPerUnitCents: 375 });
  });

  it("a missing cost counts as 0", () => {
    expect(derivePriceCalculation(input({ purchaseCostCents: null }))).toMatchObject({
      purchaseCostCents: 0,
      purchaseCostPercent: 0,
      purchaseTotalCents: 400,
    });
  });

  it("a gross purchase price is reduced to net at the purchase rate before the margin", () => {
    expect(derivePriceCalculation(input({ purchasePriceCents: 1190, purchasePriceMode: "GROSS" }))).toMatchObject({
      purchaseTotalCents: 1190,
      purchaseNetPerUnitCents: 1000,
    });
    expect(
      derivePriceCalculation(input({ purchasePriceCents: 1070, purchasePriceMode: "GROSS", purchaseVatPercent: 7 }))
        .purchaseNetPerUnitCents,
    ).toBe(1000);
    // 1000 gross at 19 % → 840.34 → 840
    expect(derivePriceCalculation(input({ purchasePriceCents: 1000, purchasePriceMode: "GROSS" })).purchaseNetPerUnitCents).toBe(840);
  });

  it("a net purchase price ignores the purchase rate", () => {
    expect(derivePriceCalculation(input({ purchasePriceCents: 1000, purchaseVatPercent: 7 })).purchaseNetPerUnitCents).toBe(1000);
  });

  it("a package price is divided by its units (half up); a unit price ignores the package size", () => {
    expect(
      derivePriceCalculation(input({ purchasePriceCents: 1200, purchasePriceUnit: "PACKAGE", purchaseUnitsPerPackage: 6 }))
        .purchaseNetPerUnitCents,
    ).toBe(200);
    expect(
      derivePriceCalculation(input({ purchasePriceCents: 1000, purchasePriceUnit: "PACKAGE", purchaseUnitsPerPackage: 3 }))
        .purchaseNetPerUnitCents,
    ).toBe(333);
    expect(
      derivePriceCalculation(input({ purchasePriceCents: 2000, purchasePriceUnit: "PACKAGE", purchaseUnitsPerPackage: 3 }))
        .purchaseNetPerUnitCents,
    ).toBe(667);
    expect(
      derivePriceCalculation(input({ purchasePriceCents: 1200, purchasePriceUnit: "UNIT", purchaseUnitsPerPackage: 6 }))
        .purchaseNetPerUnitCents,
    ).toBe(1200);
  });

  it("a gross package price: first net, then per unit", () => {
    // 1190 gross → 1000 net → 4 units → 250; margin 100 % → 500 net → 595 gross
    const r = derivePriceCalculation(
      input({
        purchasePriceCents: 1190,
        purchasePriceMode: "GROSS",
        purchasePriceUnit: "PACKAGE",
        purchaseUnitsPerPackage: 4,
        salesDriver: "PERCENT",
        salesMarginPercent: 100,
      }),
    );
    expect(r).toMatchObject({ purchaseNetPerUnitCents: 250, salesMarginCents: 250, salesTotalCents: 595 });
  });
});

describe("lib/domain/price-calculation – sales side, each driver", () => {
  it("TOTAL (gross): margin = net of the total − net cost, percent of the net cost", () => {
    // The seeded mug: 350 + 50 net, 14.99 € gross at 19 % → 12.60 € net (1259.66) → margin 8.60 € = 215 %
    const r = derivePriceCalculation(input({ purchasePriceCents: 350, purchaseCostCents: 50, salesTotalCents: 1499 }));
    expect(r).toMatchObject({
      salesTotalCents: 1499,
      salesGrossCents: 1499,
      salesNetCents: 1260,
      salesMarginCents: 860,
      salesMarginPercent: 215,
    });
  });

  it("TOTAL (net): the total is the net price, the gross adds the sales rate", () => {
    const r = derivePriceCalculation(input({ purchasePriceCents: 1000, salesTotalCents: 2000, salesPriceMode: "NET", salesVatPercent: 7 }));
    expect(r).toMatchObject({
      salesTotalCents: 2000,
      salesNetCents: 2000,
      salesGrossCents: 2140,
      salesMarginCents: 1000,
      salesMarginPercent: 100,
    });
  });

  it("TOTAL below the cost: a negative margin and percent", () => {
    // 1.00 € gross → 84 ct net (84.03); cost 400 → margin −316 = −79 %
    const r = derivePriceCalculation(input({ salesTotalCents: 100 }));
    expect(r).toMatchObject({ salesMarginCents: -316, salesMarginPercent: -79, salesNetCents: 84 });
  });

  it("PERCENT: margin from the percent (half up), total in the sales mode", () => {
    const gross = derivePriceCalculation(input({ purchasePriceCents: 101, salesDriver: "PERCENT", salesMarginPercent: 50 }));
    // 101 × 50 % = 50.5 → 51; net 152 → 180.88 → 181 gross
    expect(gross).toMatchObject({
      salesMarginCents: 51,
      salesMarginPercent: 50,
      salesTotalCents: 181,
      salesGrossCents: 181,
      salesNetCents: 152,
    });
    const net = derivePriceCalculation(
      input({ purchasePriceCents: 101, salesDriver: "PERCENT", salesMarginPercent: 50, salesPriceMode: "NET" }),
    );
    expect(net).toMatchObject({ salesMarginCents: 51, salesTotalCents: 152, salesNetCents: 152, salesGrossCents: 181 });
  });

  it("MARGIN: the percent is derived, the total is cost + margin in the sales mode", () => {
    // 100 + 50 = 150 net → 178.5 → 179 gross (half up, never 178)
    const r = derivePriceCalculation(input({ purchasePriceCents: 100, salesDriver: "MARGIN", salesMarginCents: 50 }));
    expect(r).toMatchObject({
      salesMarginCents: 50,
      salesMarginPercent: 50,
      salesTotalCents: 179,
      salesGrossCents: 179,
      salesNetCents: 150,
    });
    const net = derivePriceCalculation(
      input({ purchasePriceCents: 1190, purchasePriceMode: "GROSS", salesDriver: "MARGIN", salesMarginCents: 500, salesPriceMode: "NET" }),
    );
    expect(net).toMatchObject({ salesMarginPercent: 50, salesTotalCents: 1500, salesNetCents: 1500, salesGrossCents: 1785 });
  });

  it("only the driver counts: the other two sales figures in the input are ignored", () => {
    const base = { purchasePriceCents: 1000, salesMarginCents: 1, salesMarginPercent: 1, salesTotalCents: 1 };
    expect(derivePriceCalculation(input({ ...base, salesDriver: "MARGIN", salesMarginCents: 500 })).salesTotalCents).toBe(1785);
    expect(derivePriceCalculation(input({ ...base, salesDriver: "PERCENT", salesMarginPercent: 50 })).salesTotalCents).toBe(1785);
    expect(derivePriceCalculation(input({ ...base, salesDriver: "TOTAL", salesTotalCents: 1785 })).salesMarginCents).toBe(500);
  });

  it("a recomputed margin percent round-trips: PERCENT → total → TOTAL gives the same margin", () => {
    const byPercent = derivePriceCalculation(
      input({ purchasePriceCents: 350, purchaseCostCents: 50, salesDriver: "PERCENT", salesMarginPercent: 150 }),
    );
    expect(byPercent).toMatchObject({ salesMarginCents: 600, salesTotalCents: 1190 });
    const byTotal = derivePriceCalculation(
      input({ purchasePriceCents: 350, purchaseCostCents: 50, salesTotalCents: byPercent.salesTotalCents }),
    );
    expect(byTotal).toMatchObject({ salesMarginCents: 600, salesMarginPercent: 150 });
  });

  it("no purchase price: percents are 0, never a division by zero", () => {
    const r = derivePriceCalculation(input({ purchasePriceCents: 0, purchaseCostCents: 0, salesTotalCents: 595 }));
    expect(r).toMatchObject({ purchaseCostPercent: 0, purchaseNetPerUnitCents: 0, salesMarginCents: 500, salesMarginPercent: 0 });
  });
});

describe("lib/domain/price-calculation – priceCalculationOutOfRange", () => {
  const check = (overrides: Partial<PriceCalculationInput>) => {
    const i = input(overrides);
    return priceCalculationOutOfRange(i, derivePriceCalculation(i));
  };

  it("everything in range → null", () => {
    expect(check({})).toBeNull();
    expect(check({ salesTotalCents: 0 })).toBeNull(); // −100 % is storable
    expect(check({ purchasePriceCents: 1, purchaseCostCents: 99 })).toBeNull(); // 9900 %
  });

  it("a cost percent beyond ±9999.999 → the cost amount that drove it", () => {
    expect(check({ purchasePriceCents: 1, purchaseCostCents: 500 })).toBe("purchaseCostCents"); // 50 000 %
  });

  it("a cost beyond the largest amount → the cost percent that drove it", () => {
    expect(check({ purchasePriceCents: 10_000_000, purchaseCostDriver: "PERCENT", purchaseCostPercent: 1000 })).toBe("purchaseCostPercent");
  });

  it("a margin percent beyond 9999.999 → the sales total that drove it", () => {
    expect(check({ purchasePriceCents: 1, salesTotalCents: 10_000_000 })).toBe("salesTotalCents");
  });

  it("a total beyond the largest amount → the margin percent that drove it, and deriving it does not throw", () => {
    const i = input({ purchasePriceCents: 10_000_000, purchaseCostCents: 10_000_000, salesDriver: "PERCENT", salesMarginPercent: 9999 });
    const r = derivePriceCalculation(i); // 2.02e9 ct net → 2.4e9 gross: beyond the integer cent range
    expect(r.salesTotalCents).toBeGreaterThan(2_147_483_647);
    expect(r.salesNetCents).toBe(2_019_800_000);
    expect(priceCalculationOutOfRange(i, r)).toBe("salesMarginPercent");
    expect(check({ purchasePriceCents: 10_000_000, salesDriver: "PERCENT", salesMarginPercent: 9999, salesPriceMode: "NET" })).toBe(
      "salesMarginPercent",
    );
  });

  it("a negative total (margin below minus the cost) → the margin that drove it", () => {
    expect(check({ salesDriver: "MARGIN", salesMarginCents: -401, salesPriceMode: "NET" })).toBe("salesMarginCents");
    expect(check({ salesDriver: "MARGIN", salesMarginCents: -400, salesPriceMode: "NET" })).toBeNull();
  });
});
