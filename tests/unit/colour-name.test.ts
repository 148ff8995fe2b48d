import { describe, expect, it } from "vitest";
import { colourLocale, colourName, describeColour, lineColour, lineColourDetail } from "@/lib/domain/colour-name";
import { MUG_ARTICLE } from "@/db/seed-data";

describe("lib/domain/colour-name", () => {
  it("names the seed's mug colours exactly, in English and German", () => {
    const names = Object.fromEntries(
      MUG_ARTICLE.variants.flatMap((v) => [v.inside, v.outside]).map((hex) => [hex, [colourName(hex, "en"), colourName(hex, "de")]]),
    );
    expect(names).toEqual({
      "#FFFFFF": ["white", "weiß"],
      "#000000": ["black", "schwarz"],
      "#C62828": ["red", "rot"],
      "#1565C0": ["blue", "blau"],
    });
  });

  it("any other code gets the nearest basic colour; short codes too; no code → null", () => {
    expect(colourName("#fafafa", "en")).toBe("white");
    expect(colourName("#0a0a0a", "de")).toBe("schwarz");
    expect(colourName("#1b5e20", "en")).toBe("green");
    expect(colourName("#f00", "de")).toBe("rot");
    expect(colourName("#ffeb3b", "de")).toBe("gelb");
    expect(colourName("white", "en")).toBeNull();
  });

  it("describes an order line's colour snapshot in words", () => {
    expect(describeColour("inside #C62828 / outside #FFFFFF", "en")).toBe("outside white, inside red");
    expect(describeColour("inside #C62828 / outside #FFFFFF", "de")).toBe("außen weiß, innen rot");
    expect(describeColour("inside #000000 / outside #000000", "de")).toBe("schwarz");
    expect(describeColour("#1565C0", "en")).toBe("blue");
    expect(describeColour("Sky blue", "de")).toBe("Sky blue");
    expect(describeColour("  ", "en")).toBeNull();
    expect(describeColour(null, "en")).toBeNull();
  });

  it("a line shows its variant name, else the colours in words; never a code", () => {
    const snapshot = "inside #1565C0 / outside #FFFFFF";
    expect(lineColour({ variantName: "Innen blau", colour: snapshot }, "de")).toBe("Innen blau");
    expect(lineColour({ variantName: null, colour: snapshot }, "de")).toBe("außen weiß, innen blau");
    expect(lineColour({ variantName: "", colour: snapshot }, "en")).toBe("outside white, inside blue");
    expect(lineColour({ variantName: null, colour: null }, "en")).toBeNull();
  });

  it("the back office sees the variant name and the colours in its own words, once when they agree", () => {
    expect(lineColourDetail({ variantName: "Red inside", colour: "inside #C62828 / outside #FFFFFF" }, "de")).toBe(
      "Red inside · außen weiß, innen rot",
    );
    expect(lineColourDetail({ variantName: "White", colour: "inside #FFFFFF / outside #FFFFFF" }, "en")).toBe("White");
    expect(lineColourDetail({ variantName: null, colour: null }, "en")).toBe("");
  });

  it("maps locales onto the two languages", () => {
    expect(colourLocale("de-DE")).toBe("de");
    expect(colourLocale("en")).toBe("en");
    expect(colourLocale(undefined)).toBe("en");
  });
});
