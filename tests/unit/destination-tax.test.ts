import { describe, expect, it } from "vitest";
import {
  EU_RATES_SOURCE,
  EU_STANDARD_RATES,
  isEuCountry,
  lineVatPercent,
  normalizeVatId,
  taxTreatment,
  vatIdFitsCountry,
} from "@/lib/domain/destination-tax";

describe(`the EU standard rates as published by the Commission (${EU_RATES_SOURCE.name}) on ${EU_RATES_SOURCE.date}`, () => {
  it("hold all 27 member states, each at its published rate", () => {
    // Changes since 2024: FI 24 → 25.5 (2024-09), SK 20 → 23 (2025-01), EE 22 → 24 (2025-07), RO 19 → 21 (2025-08).
    expect(EU_STANDARD_RATES).toEqual({
      AT: 20,
      BE: 21,
      BG: 20,
      CY: 19,
      CZ: 21,
      DE: 19,
      DK: 25,
      EE: 24,
      ES: 21,
      FI: 25.5,
      FR: 20,
      GR: 24,
      HR: 25,
      HU: 27,
      IE: 23,
      IT: 22,
      LT: 21,
      LU: 17,
      LV: 21,
      MT: 18,
      NL: 21,
      PL: 23,
      PT: 23,
      RO: 21,
      SE: 25,
      SI: 22,
      SK: 23,
    });
    expect(EU_RATES_SOURCE.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("count the EU only: Switzerland, the United Kingdom, Norway and the US are outside; prototype keys are not countries", () => {
    expect(["CH", "GB", "NO", "US", "XI", "constructor", "toString"].filter(isEuCountry)).toEqual([]);
    expect(["AT", "DE", "GR", "FI"].every(isEuCountry)).toBe(true);
  });
});

describe("taxTreatment", () => {
  it.each([
    ["DE, OSS off", { country: "DE", ossEnabled: false }, { kind: "domestic" }],
    ["DE, OSS on: still German VAT", { country: "DE", ossEnabled: true }, { kind: "domestic" }],
    [
      "DE business with a German VAT ID: German VAT, no reverse charge at home",
      { country: "DE", ossEnabled: true, buyerVatId: "DE123456789" },
      { kind: "domestic" },
    ],
    ["AT consumer, OSS off: German VAT", { country: "AT", ossEnabled: false }, { kind: "domestic" }],
    ["AT consumer, OSS on: Austrian 20 %", { country: "AT", ossEnabled: true }, { kind: "oss", country: "AT", standardPercent: 20 }],
    ["FI consumer, OSS on: 25.5 %", { country: "FI", ossEnabled: true }, { kind: "oss", country: "FI", standardPercent: 25.5 }],
    [
      "AT business with an Austrian VAT ID",
      { country: "AT", ossEnabled: false, buyerVatId: "atu 1234-5678" },
      { kind: "reverse-charge", buyerVatId: "ATU12345678" },
    ],
    [
      "GR business: Greek VAT IDs start with EL",
      { country: "GR", ossEnabled: true, buyerVatId: "EL123456789" },
      { kind: "reverse-charge", buyerVatId: "EL123456789" },
    ],
    [
      "AT buyer with a German VAT ID: a consumer for Austria",
      { country: "AT", ossEnabled: true, buyerVatId: "DE123456789" },
      { kind: "oss", country: "AT", standardPercent: 20 },
    ],
    ["AT buyer with a malformed VAT ID", { country: "AT", ossEnabled: false, buyerVatId: "ATU1234" }, { kind: "domestic" }],
    ["CH: export", { country: "CH", ossEnabled: false }, { kind: "export" }],
    ["GB: export", { country: "GB", ossEnabled: true }, { kind: "export" }],
    ["US business with any number: export", { country: "US", ossEnabled: true, buyerVatId: "US123" }, { kind: "export" }],
  ] as const)("%s", (_, situation, treatment) => {
    expect(taxTreatment(situation)).toEqual(treatment);
  });
});

describe("VAT ID formats", () => {
  it.each([
    ["BE0123456789", "BE"],
    ["CY12345678X", "CY"],
    ["ESX1234567X", "ES"],
    ["FRAB123456789", "FR"],
    ["IE1234567WA", "IE"],
    ["IE1A23456B", "IE"],
    ["NL123456789B01", "NL"],
    ["SE123456789001", "SE"],
    ["LT123456789012", "LT"],
    ["de 123.456.789", "DE"],
  ])("%s fits %s", (id, country) => {
    expect(vatIdFitsCountry(id, country)).toBe(true);
  });

  it.each([
    ["BE2123456789", "BE"],
    ["FRIO123456789", "FR"],
    ["NL123456789A01", "NL"],
    ["SE123456789002", "SE"],
    ["GR123456789", "GR"],
    ["DE12345678", "DE"],
    ["DE1234567890", "DE"],
    ["ATU12345678", "DE"],
    ["CHE123456789", "CH"],
    ["", "AT"],
  ])("%j does not fit %s", (id, country) => {
    expect(vatIdFitsCountry(id, country)).toBe(false);
  });

  it("normalizes what people type, and nothing else", () => {
    expect(normalizeVatId(" atu-1234.5678 ")).toBe("ATU12345678");
    expect(normalizeVatId("ATU<b>1</b>")).toBe("ATU<B>1</B>");
  });
});

describe("lineVatPercent", () => {
  const at = taxTreatment({ country: "AT", ossEnabled: true });
  it("maps the German standard rate to the destination's under OSS; exports and reverse charge carry none", () => {
    expect(lineVatPercent(at, 19)).toBe(20);
    expect(lineVatPercent({ kind: "domestic" }, 19)).toBe(19);
    expect(lineVatPercent({ kind: "domestic" }, 7)).toBe(7);
    expect(lineVatPercent({ kind: "export" }, 19)).toBe(0);
    expect(lineVatPercent({ kind: "reverse-charge", buyerVatId: "ATU12345678" }, 19)).toBe(0);
  });
});
