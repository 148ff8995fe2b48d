import { describe, expect, it } from "vitest";
import { cheapestShipping, DEFAULT_SHIPPING_ZONES, destinationIn, homeDestination, shippingCentsFor, zoneFor } from "@/lib/domain/shipping";
import { EU_STANDARD_RATES } from "@/lib/domain/destination-tax";

const OSS_OFF = { ossEnabled: false };

const EU = { priceCents: 990, extraItemCents: 200, freeFromCents: 10_000 };

describe("lib/domain/shipping – shippingCentsFor", () => {
  it("the first piece costs the price, each further piece the extra price (pieces are quantities)", () => {
    expect(shippingCentsFor(EU, 1499, 1)).toBe(990);
    expect(shippingCentsFor(EU, 2998, 2)).toBe(1190);
    expect(shippingCentsFor(EU, 7495, 5)).toBe(990 + 4 * 200);
  });

  it("free from the threshold (goods after discounts), never without one; nothing to ship costs nothing", () => {
    expect(shippingCentsFor(EU, 9999, 7)).toBe(990 + 6 * 200);
    expect(shippingCentsFor(EU, 10_000, 7)).toBe(0);
    expect(shippingCentsFor({ ...EU, freeFromCents: null }, 1_000_000, 1)).toBe(990);
    expect(shippingCentsFor({ ...EU, freeFromCents: 0 }, 0, 1)).toBe(0);
    expect(shippingCentsFor(EU, 0, 0)).toBe(0);
  });
});

describe("lib/domain/shipping – zones", () => {
  it("the defaults: Germany, the 26 other EU states, Switzerland + UK + US; no country twice", () => {
    const all = DEFAULT_SHIPPING_ZONES.flatMap((z) => z.countries);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(30);
    expect(Object.keys(EU_STANDARD_RATES)).toHaveLength(27);
    expect(DEFAULT_SHIPPING_ZONES.map((z) => [z.countries.length, z.priceCents, z.freeFromCents])).toEqual([
      [1, 490, 5000],
      [26, 990, null],
      [3, 1990, null],
    ]);
  });

  it("finds a country's zone in any case; an unlisted country has none", () => {
    expect(zoneFor(DEFAULT_SHIPPING_ZONES, "at")?.priceCents).toBe(990);
    expect(destinationIn(DEFAULT_SHIPPING_ZONES, " us ", OSS_OFF)).toEqual({
      country: "US",
      shipping: { priceCents: 1990, extraItemCents: 0, freeFromCents: null },
      tax: { kind: "export" },
    });
    expect(zoneFor(DEFAULT_SHIPPING_ZONES, "NO")).toBeNull();
    expect(destinationIn(DEFAULT_SHIPPING_ZONES, "NO", OSS_OFF)).toBeNull();
  });

  it("home is the first zone's first country; the 'from' price is the cheapest zone's", () => {
    expect(homeDestination(DEFAULT_SHIPPING_ZONES, OSS_OFF)?.country).toBe("DE");
    const zones = [
      { name: "Far", countries: ["US"], priceCents: 1990, extraItemCents: 0, freeFromCents: null },
      { name: "Near", countries: ["AT"], priceCents: 390, extraItemCents: 0, freeFromCents: null },
    ];
    expect(homeDestination(zones, OSS_OFF)?.country).toBe("US");
    expect(cheapestShipping(zones)?.name).toBe("Near");
    expect(cheapestShipping([])).toBeNull();
    expect(homeDestination([], OSS_OFF)).toBeNull();
  });
});
