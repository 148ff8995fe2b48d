import { describe, expect, it } from "vitest";
import { localized } from "@/lib/i18n/localized";

describe("localized (catalogue texts in the customer's language)", () => {
  it.each([
    ["de", "Classic Mug", "Klassische Tasse", "Klassische Tasse"],
    ["en", "Classic Mug", "Klassische Tasse", "Classic Mug"],
    ["de", "Classic Mug", null, "Classic Mug"],
    ["de", "Classic Mug", undefined, "Classic Mug"],
    ["de", "Classic Mug", "", "Classic Mug"],
    ["de", "Classic Mug", "   ", "Classic Mug"],
    ["en", "", "Klassische Tasse", "Klassische Tasse"],
    ["en", " \t", "Klassische Tasse", "Klassische Tasse"],
    ["en", null, "Klassische Tasse", "Klassische Tasse"],
    ["en", null, null, null],
    ["de", null, "  ", null],
    ["de", "", null, ""],
  ] as const)("%s of (%j, %j) → %j", (locale, en, de, expected) => {
    expect(localized(locale, en, de)).toBe(expected);
  });

  it("keeps the text as stored (no trimming)", () => {
    expect(localized("de", "White", " Weiß ")).toBe(" Weiß ");
  });
});
