import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import de from "@/messages/de.json";
import { formatPercent } from "@/components/admin/articles/numbers";

describe("percentages in the article price calculation", () => {
  const cases: [number, string, string][] = [
    [33.333333, "33.33", "33,33"],
    [19, "19", "19"],
    [12.5, "12.5", "12,5"],
    [-7.125, "-7.13", "-7,13"],
    [0.005, "0.01", "0,01"],
  ];
  for (const [value, inEnglish, inGerman] of cases) {
    it(`${value} → "${inEnglish}" / "${inGerman}"`, () => {
      expect(formatPercent(value, "en")).toBe(inEnglish);
      expect(formatPercent(value, "de")).toBe(inGerman);
    });
  }

  it("the VAT choices and the shop price line show the rate with a decimal comma in German, two decimals at most", () => {
    const tde = createTranslator({ locale: "de", messages: de, namespace: "articles.price" });
    const ten = createTranslator({ locale: "en", messages: en, namespace: "articles.price" });
    expect(tde("vatOption", { name: "Sondersatz", percent: 7.125 })).toBe("Sondersatz (7,13 %)");
    expect(ten("vatOption", { name: "Special", percent: 7.125 })).toBe("Special (7.13 %)");
    expect(tde("vatDefault", { percent: 19.5 })).toBe("Standardsatz (19,5 %)");
    expect(tde("shopPriceDetail", { net: "10,00 €", percent: 7.125 })).toContain("7,13 %");
  });
});
