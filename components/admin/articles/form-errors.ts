import type { ArticleFormValues, MugDetailsValues, PriceValues, ShirtDetailsValues } from "./article-form-model";

export type ArticleTabId = "general" | "mug" | "price" | "shirt" | "variants";

export function tabOfField(path: string): ArticleTabId {
  const head = path.split(".")[0] ?? "";
  if (head === "mugDetails") return "mug";
  if (head === "shirtDetails") return "shirt";
  if (head === "priceCalculation") return "price";
  if (head === "mugVariants" || head === "shirtVariants") return "variants";
  return "general";
}

export function invalidTabs(errors: Record<string, string>): Set<ArticleTabId> {
  return new Set(Object.keys(errors).map(tabOfField));
}

const PRICE_INPUT: Record<string, keyof PriceValues> = {
  purchasePriceCents: "purchasePrice",
  purchaseCostCents: "purchaseCost",
  purchaseCostPercent: "purchaseCostPercent",
  purchaseUnitsPerPackage: "purchaseUnitsPerPackage",
  purchaseVatRateId: "purchaseVatRateId",
  salesMarginCents: "salesMargin",
  salesMarginPercent: "salesMarginPercent",
  salesTotalCents: "salesTotal",
  salesVatRateId: "salesVatRateId",
};

function valueAt(values: ArticleFormValues, path: string): unknown {
  const [head = "", key = ""] = path.split(".");
  if (head === "mugDetails") return values.mugDetails[key as keyof MugDetailsValues];
  if (head === "shirtDetails") return values.shirtDetails[key as keyof ShirtDetailsValues];
  if (head === "priceCalculation") {
    const input = PRICE_INPUT[key];
    return input ? values.price[input] : values.price;
  }
  if (head === "mugVariants" || head === "shirtVariants") return undefined;
  return values[head as keyof ArticleFormValues];
}

export function currentErrors(
  errors: Record<string, string>,
  checked: ArticleFormValues | null,
  values: ArticleFormValues,
): Record<string, string> {
  if (!checked) return errors;
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => JSON.stringify(valueAt(values, path)) === JSON.stringify(valueAt(checked, path))),
  );
}
