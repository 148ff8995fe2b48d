/**
 * Field errors of the article form: which tab shows a field (paths as in the request body and the
 * server's error map), and which errors are still worth showing after the admin changed a field.
 */
import type { ArticleFormValues, MugDetailsValues, PriceValues, ShirtDetailsValues } from "./article-form-model";

export type ArticleTabId = "general" | "mug" | "price" | "shirt" | "variants";

/** The tab that shows a field (paths as in the body and the server's error map, e.g. "mugDetails.documentWidthMm"). */
export function tabOfField(path: string): ArticleTabId {
  const head = path.split(".")[0] ?? "";
  if (head === "mugDetails") return "mug";
  if (head === "shirtDetails") return "shirt";
  if (head === "priceCalculation") return "price";
  if (head === "mugVariants" || head === "shirtVariants") return "variants";
  return "general";
}

/** Tabs with at least one field error. */
export function invalidTabs(errors: Record<string, string>): Set<ArticleTabId> {
  return new Set(Object.keys(errors).map(tabOfField));
}

/** The form value an error path (body path) refers to, for telling whether the admin changed it since. */
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

/**
 * The errors still worth showing: an error goes away once the admin changes the field it belongs to
 * (the next save checks everything again). `checked` holds the values the errors were found in.
 */
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
