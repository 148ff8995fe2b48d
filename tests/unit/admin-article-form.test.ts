import { describe, expect, it } from "vitest";
import { createArticleBody, updateArticleBody, type ArticleDto } from "@/lib/schemas/articles";
import { derivePriceCalculation } from "@/lib/domain/price-calculation";
import { formatCentsInput, formatDecimalInput, parseCents, parseDecimal } from "@/components/admin/articles/numbers";
import {
  initialValues,
  mugDimensions,
  toCreateBody,
  toUpdateBody,
  type ArticleFormValues,
} from "@/components/admin/articles/article-form-model";
import { currentErrors, invalidTabs, tabOfField } from "@/components/admin/articles/form-errors";
import { livePrice, vatPercentOf, type VatOption } from "@/components/admin/articles/live-price";
import { checkVariantImage, clampCrop } from "@/components/admin/articles/variant-image";
import { normalizeDefault } from "@/components/admin/articles/mug-variant-drafts";
import type { MugVariantDraft } from "@/components/admin/articles/types";

describe("admin article form – number inputs", () => {
  const decimals: [string, number | undefined][] = [
    ["14,99", 14.99],
    ["14.99", 14.99],
    [" 14,5 ", 14.5],
    ["1.234,56", 1234.56],
    ["1,234.56", 1234.56],
    ["1.234.567", 1234567],
    ["-3", -3],
    ["0", 0],
    ["", undefined],
    ["   ", undefined],
  ];
  for (const [text, value] of decimals) {
    it(`parseDecimal("${text}") → ${value}`, () => expect(parseDecimal(text)).toBe(value));
  }

  for (const text of ["abc", "14,99,1.2", "12.34.567", "1e5", "12€", "--1", "1.2.3,4,5", ",", "-"]) {
    it(`parseDecimal("${text}") is NaN (the schema reports it)`, () => expect(parseDecimal(text)).toBeNaN());
  }

  const cents: [string, number | undefined][] = [
    ["14,99", 1499],
    ["14.99", 1499],
    ["0,1", 10],
    ["19", 1900],
    ["-2,50", -250],
    ["0.29", 29], // 0.29 × 100 = 28.999… in floating point
    ["", undefined],
  ];
  for (const [text, value] of cents) {
    it(`parseCents("${text}") → ${value}`, () => expect(parseCents(text)).toBe(value));
  }

  it("parseCents refuses a third decimal", () => expect(parseCents("1,999")).toBeNaN());

  it("formats cents and decimals so that they parse back, in both languages", () => {
    expect(formatCentsInput(1499, "de")).toBe("14,99");
    expect(formatCentsInput(1499, "en")).toBe("14.99");
    expect(formatCentsInput(-250, "de")).toBe("-2,50");
    expect(formatCentsInput(5, "en")).toBe("0.05");
    expect(formatDecimalInput(14.286, "de")).toBe("14,286");
    expect(formatDecimalInput(19, "en")).toBe("19");
    for (const c of [0, 1, 99, 100, 1499, 123456, -7]) expect(parseCents(formatCentsInput(c, "de"))).toBe(c);
  });
});

const vatRates: VatOption[] = [
  { id: 1, name: "Standard", percent: 19, isDefault: true },
  { id: 2, name: "Reduced", percent: 7, isDefault: false },
];

function mugValues(locale = "en"): ArticleFormValues {
  const v = initialValues("MUG", locale);
  return {
    ...v,
    name: "Mug 330",
    articleNumber: "MUG-330",
    categoryId: "1",
    mugDetails: {
      heightMm: "100",
      diameterMm: "85",
      fillingQuantityMl: "330",
      dishwasherSafe: true,
      printTemplateWidthMm: "210,5",
      printTemplateHeightMm: "90",
      documentWidthMm: "220",
      documentHeightMm: "95",
      documentBottomMarginMm: "3",
    },
    price: { ...v.price, purchasePrice: "4,20", salesTotal: "14,99" },
  };
}

describe("admin article form – request bodies", () => {
  it("a filled-in mug form passes the POST schema with its draft variants, numbers parsed from '210,5' and '4,20'", () => {
    const variant = { name: "Ocean", insideColorCode: "#f59e0b", outsideColorCode: "#1E78C8", active: true, isDefault: true };
    const parsed = createArticleBody.safeParse(toCreateBody(mugValues(), [variant], []));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    if (!parsed.success || parsed.data.type !== "MUG") return;
    expect(parsed.data.mugDetails.printTemplateWidthMm).toBe(210.5);
    expect(parsed.data.priceCalculation.purchasePriceCents).toBe(420);
    expect(parsed.data.priceCalculation.salesTotalCents).toBe(1499);
    expect(parsed.data.priceCalculation.salesDriver).toBe("TOTAL");
    expect(parsed.data.mugVariants[0]?.insideColorCode).toBe("#F59E0B");
    expect(parsed.data.subcategoryId).toBeNull();
    expect(parsed.data.supplierId).toBeNull();
  });

  it("only the figure that drives each side is sent (the server derives the rest)", () => {
    const v = mugValues();
    v.price = {
      ...v.price,
      purchaseCostDriver: "PERCENT",
      purchaseCost: "9,99",
      purchaseCostPercent: "10",
      salesDriver: "PERCENT",
      salesMarginPercent: "150",
      salesTotal: "14,99",
    };
    const body = toUpdateBody(v) as { priceCalculation: Record<string, unknown> };
    expect(body.priceCalculation).toMatchObject({
      purchaseCostCents: null,
      purchaseCostPercent: 10,
      salesMarginPercent: 150,
      salesTotalCents: null,
      salesMarginCents: null,
    });
  });

  it("empty and invalid inputs fail with the schema's messages on the right paths", () => {
    const v = mugValues();
    v.name = "";
    v.mugDetails = { ...v.mugDetails, documentWidthMm: "200", heightMm: "abc" };
    v.price = { ...v.price, purchasePrice: "", salesTotal: "1,999" };
    const parsed = updateArticleBody.safeParse(toUpdateBody(v));
    expect(parsed.success).toBe(false);
    const issues = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(issues).toMatchObject({
      name: "validation.nameRequired",
      "mugDetails.heightMm": "validation.positiveNumber",
      "priceCalculation.purchasePriceCents": "validation.invalidAmount",
      "priceCalculation.salesTotalCents": "validation.invalidAmount",
    });
  });

  it("the document must be wider than the print template (reported on documentWidthMm)", () => {
    const v = mugValues();
    v.mugDetails = { ...v.mugDetails, documentWidthMm: "200" };
    const parsed = updateArticleBody.safeParse(toUpdateBody(v));
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["mugDetails.documentWidthMm", "validation.documentWidthGreater"],
    ]);
  });

  it("a shirt form sends its details and draft variants", () => {
    const v: ArticleFormValues = {
      ...initialValues("SHIRT", "de"),
      name: "Shirt",
      articleNumber: "SH-1",
      categoryId: "2",
      shirtDetails: { material: "Cotton", careInstructions: "", fitType: "SLIM", availableSizes: ["M", "L"] },
    };
    v.price = { ...v.price, purchasePrice: "5", salesTotal: "19,99" };
    const parsed = createArticleBody.safeParse(toCreateBody(v, [], [{ color: "Navy", size: "M" }]));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    if (parsed.success && parsed.data.type === "SHIRT") {
      expect(parsed.data.shirtDetails).toEqual({ material: "Cotton", careInstructions: null, fitType: "SLIM", availableSizes: ["M", "L"] });
      expect(parsed.data.shirtVariants).toEqual([{ color: "Navy", colorDe: null, size: "M" }]);
    }
  });

  it("an article's answer fills the form in the admin's language and sends back the same figures", () => {
    const article = {
      id: 1,
      type: "MUG",
      name: "Classic",
      nameDe: "Klassisch",
      shortDescription: null,
      shortDescriptionDe: null,
      longDescription: null,
      longDescriptionDe: null,
      active: true,
      articleNumber: "MUG-001",
      category: { id: 3, name: "Mugs" },
      subcategory: { id: 4, name: "Ceramic" },
      supplier: null,
      supplierArticleName: null,
      supplierArticleNumber: null,
      priceCalculation: {
        purchasePriceCents: 350,
        purchaseCostCents: 50,
        purchaseCostPercent: 14.286,
        purchaseTotalCents: 400,
        purchasePriceMode: "NET",
        purchaseVatRateId: null,
        purchasePriceUnit: "UNIT",
        purchaseUnitsPerPackage: 1,
        salesMarginCents: 860,
        salesMarginPercent: 215,
        salesTotalCents: 1499,
        salesPriceMode: "GROSS",
        salesVatRateId: 2,
        shopPrice: { grossCents: 1499, netCents: 1401, vatPercent: 7 },
      },
      mugDetails: {
        heightMm: 95,
        diameterMm: 82,
        fillingQuantityMl: 250,
        dishwasherSafe: true,
        printTemplateWidthMm: 200,
        printTemplateHeightMm: 80,
        documentWidthMm: 210,
        documentHeightMm: 90,
        documentBottomMarginMm: 5,
      },
      shirtDetails: null,
      mugVariants: [],
      shirtVariants: [],
      createdAt: "",
      updatedAt: "",
    } satisfies ArticleDto;
    const v = initialValues("MUG", "de", article);
    expect(v.price.salesTotal).toBe("14,99");
    expect(v.price.purchaseCostPercent).toBe("14,286");
    expect(v.price.salesVatRateId).toBe("2");
    expect(v.subcategoryId).toBe("4");
    const parsed = updateArticleBody.parse(toUpdateBody(v));
    expect(parsed.priceCalculation).toMatchObject({
      purchasePriceCents: 350,
      purchaseCostCents: 50,
      salesTotalCents: 1499,
      salesVatRateId: 2,
      purchaseVatRateId: null,
    });
    if (parsed.type === "MUG") expect(parsed.mugDetails).toEqual(article.mugDetails);
  });
});

describe("admin article form – tabs and errors", () => {
  const rows: [string, string][] = [
    ["name", "general"],
    ["categoryId", "general"],
    ["mugDetails.documentWidthMm", "mug"],
    ["shirtDetails.availableSizes", "shirt"],
    ["priceCalculation.salesTotalCents", "price"],
    ["mugVariants.0.name", "variants"],
    ["shirtVariants.2.size", "variants"],
  ];
  for (const [path, tab] of rows) {
    it(`an error on ${path} marks the ${tab} tab`, () => expect(tabOfField(path)).toBe(tab));
  }

  it("invalidTabs lists every tab with an error once", () => {
    expect([...invalidTabs({ name: "x", articleNumber: "y", "priceCalculation.salesTotalCents": "z" })].sort()).toEqual([
      "general",
      "price",
    ]);
  });

  it("an error hides once its field changes; the others stay until the next save", () => {
    const checked = mugValues();
    const errors = {
      name: "Name is required",
      "mugDetails.documentWidthMm": "too small",
      "priceCalculation.salesTotalCents": "bad",
      "mugVariants.0.name": "taken",
    };
    const now: ArticleFormValues = {
      ...checked,
      mugDetails: { ...checked.mugDetails, documentWidthMm: "230" },
      price: { ...checked.price, salesTotal: "15" },
    };
    expect(currentErrors(errors, checked, now)).toEqual({ name: "Name is required", "mugVariants.0.name": "taken" });
    expect(currentErrors(errors, null, now)).toEqual(errors);
  });
});

describe("admin article form – live price calculation", () => {
  it("the default rate stands for an empty VAT select", () => {
    expect(vatPercentOf("", vatRates)).toBe(19);
    expect(vatPercentOf("2", vatRates)).toBe(7);
    expect(vatPercentOf("", [])).toBeNull();
  });

  it("shows what the server stores: same derivation, gross shop price", () => {
    const p = { ...mugValues().price, purchasePrice: "4,20", salesDriver: "PERCENT" as const, salesMarginPercent: "150" };
    const live = livePrice(p, vatRates);
    const server = derivePriceCalculation({
      purchasePriceCents: 420,
      purchaseCostCents: null,
      purchaseCostPercent: null,
      purchaseCostDriver: "AMOUNT",
      purchasePriceMode: "NET",
      purchaseVatPercent: 19,
      purchasePriceUnit: "UNIT",
      purchaseUnitsPerPackage: 1,
      salesMarginPercent: 150,
      salesDriver: "PERCENT",
      salesPriceMode: "GROSS",
      salesVatPercent: 19,
    });
    expect(live).toMatchObject({ ...server, salesVatPercent: 19 });
    expect(live?.salesGrossCents).toBe(1250);
    expect(live?.salesMarginCents).toBe(630);
  });

  it("a net sales total at the reduced rate gives the gross price the customer pays", () => {
    const p = { ...mugValues().price, purchasePrice: "3", salesTotal: "10", salesPriceMode: "NET" as const, salesVatRateId: "2" };
    expect(livePrice(p, vatRates)).toMatchObject({ salesNetCents: 1000, salesGrossCents: 1070, salesMarginCents: 700 });
  });

  it("a package price is divided by the units per package", () => {
    const p = {
      ...mugValues().price,
      purchasePrice: "12",
      purchasePriceUnit: "PACKAGE" as const,
      purchaseUnitsPerPackage: "6",
      salesDriver: "MARGIN" as const,
      salesMargin: "1",
    };
    expect(livePrice(p, vatRates)).toMatchObject({ purchaseNetPerUnitCents: 200, salesMarginCents: 100, salesTotalCents: 357 });
  });

  it("is null while a needed figure is invalid or there is no VAT rate for the sales side", () => {
    const p = mugValues().price;
    expect(livePrice({ ...p, purchasePrice: "abc" }, vatRates)).toBeNull();
    expect(livePrice({ ...p, purchasePriceUnit: "PACKAGE", purchaseUnitsPerPackage: "0" }, vatRates)).toBeNull();
    expect(livePrice({ ...p, salesDriver: "PERCENT", salesMarginPercent: "-200" }, vatRates)).toBeNull();
    expect(livePrice(p, [])).toBeNull();
  });
});

describe("admin article form – mug variants", () => {
  it("the mug geometry for the preview and the crop aspect comes from the typed details", () => {
    expect(mugDimensions(mugValues().mugDetails)).toEqual({
      diameterMm: 85,
      heightMm: 100,
      printTemplateWidthMm: 210.5,
      printTemplateHeightMm: 90,
      documentBottomMarginMm: 3,
    });
    expect(mugDimensions({ ...mugValues().mugDetails, printTemplateHeightMm: "" })).toBeNull();
  });

  const draft = (key: string, isDefault: boolean): MugVariantDraft => ({
    key,
    image: null,
    body: {
      name: key,
      nameDe: null,
      articleVariantNumber: null,
      insideColorCode: "#FFFFFF",
      outsideColorCode: "#FFFFFF",
      active: true,
      isDefault,
    },
  });
  const defaults = (drafts: MugVariantDraft[]) => drafts.filter((d) => d.body.isDefault).map((d) => d.key);

  it("exactly one draft is the default: the preferred one, else the current one, else the first", () => {
    expect(defaults(normalizeDefault([draft("a", true), draft("b", true)], "b"))).toEqual(["b"]);
    expect(defaults(normalizeDefault([draft("a", false), draft("b", true)]))).toEqual(["b"]);
    expect(defaults(normalizeDefault([draft("a", false), draft("b", false)]))).toEqual(["a"]);
    expect(normalizeDefault([])).toEqual([]);
  });

  it("variant images: image types only, at most 10 MB", () => {
    expect(checkVariantImage({ type: "image/png", size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkVariantImage({ type: "image/jpeg", size: 10 * 1024 * 1024 + 1 })).toBe("size");
    expect(checkVariantImage({ type: "application/pdf", size: 100 })).toBe("type");
  });

  it("a crop is whole pixels inside the image", () => {
    expect(clampCrop({ x: -0.4, y: 10.6, width: 1200.7, height: 400.2 }, { width: 1200, height: 800 })).toEqual({
      x: 0,
      y: 11,
      width: 1200,
      height: 400,
    });
    expect(clampCrop({ x: 900, y: 700, width: 600, height: 300 }, { width: 1200, height: 800 })).toEqual({
      x: 900,
      y: 700,
      width: 300,
      height: 100,
    });
  });
});
