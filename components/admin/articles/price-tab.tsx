"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatEuro } from "@/lib/format";
import { SelectField, TextField } from "@/components/ui/form-field";
import type { PriceValues } from "./article-form-model";
import { livePrice, type VatOption } from "./live-price";
import { formatCentsInput, formatPercent } from "./numbers";
import { ShopPriceSummary } from "./shop-price-summary";
import type { ArticleFormState } from "./use-article-form";

type TextKey =
  | "purchasePrice"
  | "purchaseCost"
  | "purchaseCostPercent"
  | "purchaseUnitsPerPackage"
  | "salesMargin"
  | "salesMarginPercent"
  | "salesTotal";

const ERROR_FIELD: Record<TextKey, string> = {
  purchasePrice: "purchasePriceCents",
  purchaseCost: "purchaseCostCents",
  purchaseCostPercent: "purchaseCostPercent",
  purchaseUnitsPerPackage: "purchaseUnitsPerPackage",
  salesMargin: "salesMarginCents",
  salesMarginPercent: "salesMarginPercent",
  salesTotal: "salesTotalCents",
};

export function PriceTab({ form, vatRates }: { form: ArticleFormState; vatRates: VatOption[] }) {
  const t = useTranslations("articles.price");
  const locale = useLocale();
  const { values, errors, setPrice } = form;
  const p = values.price;
  const live = livePrice(p, vatRates);
  const money = (cents: number | undefined) => (cents === undefined ? "" : formatCentsInput(cents, locale));
  const pct = (value: number | undefined) => (value === undefined ? "" : formatPercent(value, locale));

  const figure = (key: TextKey, label: string, opts: { derived?: string; drives?: boolean; onType?: Partial<PriceValues> } = {}) => {
    const derived = opts.drives === false;
    return (
      <TextField
        id={`price-${key}`}
        label={label}
        inputMode="decimal"
        value={derived && live ? (opts.derived ?? "") : p[key]}
        error={errors[`priceCalculation.${ERROR_FIELD[key]}`]}
        hint={derived ? t("calculated") : undefined}
        data-driver={derived ? undefined : "true"}
        onChange={(e) => setPrice({ ...opts.onType, [key]: e.target.value })}
      />
    );
  };

  const defaultRate = vatRates.find((r) => r.isDefault);
  const vatOptions = vatRates.map((r) => ({ value: String(r.id), label: t("vatOption", { name: r.name, percent: r.percent }) }));
  const vatPlaceholder = defaultRate ? t("vatDefault", { percent: defaultRate.percent }) : t("vatNoDefault");
  const modeOptions = [
    { value: "NET", label: t("net") },
    { value: "GROSS", label: t("gross") },
  ];

  return (
    <div className="space-y-6" data-testid="article-price">
      <fieldset className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <legend className="mb-2 text-sm font-semibold text-stone-800">{t("purchase")}</legend>
        {figure("purchasePrice", t("purchasePrice"))}
        {figure("purchaseCost", t("purchaseCost"), {
          drives: p.purchaseCostDriver === "AMOUNT",
          derived: money(live?.purchaseCostCents),
          onType: { purchaseCostDriver: "AMOUNT" },
        })}
        {figure("purchaseCostPercent", t("purchaseCostPercent"), {
          drives: p.purchaseCostDriver === "PERCENT",
          derived: pct(live?.purchaseCostPercent),
          onType: { purchaseCostDriver: "PERCENT" },
        })}
        <Output label={t("purchaseTotal")} testId="price-purchase-total" value={live ? formatEuro(live.purchaseTotalCents, locale) : "–"} />
        <SelectField
          id="price-purchasePriceMode"
          label={t("purchasePriceMode")}
          options={modeOptions}
          value={p.purchasePriceMode}
          onChange={(e) => setPrice({ purchasePriceMode: e.target.value as PriceValues["purchasePriceMode"] })}
        />
        <SelectField
          id="price-purchaseVatRateId"
          label={t("purchaseVat")}
          placeholder={vatPlaceholder}
          options={vatOptions}
          value={p.purchaseVatRateId}
          error={errors["priceCalculation.purchaseVatRateId"]}
          onChange={(e) => setPrice({ purchaseVatRateId: e.target.value })}
        />
        <SelectField
          id="price-purchasePriceUnit"
          label={t("purchasePriceUnit")}
          options={[
            { value: "UNIT", label: t("unit") },
            { value: "PACKAGE", label: t("package") },
          ]}
          value={p.purchasePriceUnit}
          onChange={(e) => setPrice({ purchasePriceUnit: e.target.value as PriceValues["purchasePriceUnit"] })}
        />
        {p.purchasePriceUnit === "PACKAGE" ? (
          <TextField
            id="price-purchaseUnitsPerPackage"
            label={t("unitsPerPackage")}
            inputMode="numeric"
            value={p.purchaseUnitsPerPackage}
            error={errors["priceCalculation.purchaseUnitsPerPackage"]}
            onChange={(e) => setPrice({ purchaseUnitsPerPackage: e.target.value })}
          />
        ) : (
          <div aria-hidden className="hidden lg:block" />
        )}
        <Output label={t("netPerUnit")} testId="price-net-per-unit" value={live ? formatEuro(live.purchaseNetPerUnitCents, locale) : "–"} />
      </fieldset>

      <fieldset className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <legend className="mb-1 text-sm font-semibold text-stone-800">{t("sales")}</legend>
        <p className="text-sm text-stone-600 col-span-2 lg:col-span-4">{t("salesHint")}</p>
        {figure("salesMargin", t("salesMargin"), {
          drives: p.salesDriver === "MARGIN",
          derived: money(live?.salesMarginCents),
          onType: { salesDriver: "MARGIN" },
        })}
        {figure("salesMarginPercent", t("salesMarginPercent"), {
          drives: p.salesDriver === "PERCENT",
          derived: pct(live?.salesMarginPercent),
          onType: { salesDriver: "PERCENT" },
        })}
        {figure("salesTotal", t("salesTotal"), {
          drives: p.salesDriver === "TOTAL",
          derived: money(live?.salesTotalCents),
          onType: { salesDriver: "TOTAL" },
        })}
        <ShopPriceSummary
          live={live}
          className="order-last col-span-2 lg:order-none lg:col-span-1 lg:row-span-2 lg:flex-col lg:justify-center lg:gap-y-1"
        />
        <SelectField
          id="price-salesPriceMode"
          label={t("salesPriceMode")}
          options={modeOptions}
          value={p.salesPriceMode}
          onChange={(e) => setPrice({ salesPriceMode: e.target.value as PriceValues["salesPriceMode"] })}
        />
        <SelectField
          id="price-salesVatRateId"
          label={t("salesVat")}
          placeholder={vatPlaceholder}
          options={vatOptions}
          value={p.salesVatRateId}
          error={errors["priceCalculation.salesVatRateId"]}
          onChange={(e) => setPrice({ salesVatRateId: e.target.value })}
        />
      </fieldset>
    </div>
  );
}

function Output({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <span className="label">{label}</span>
      <output
        className="block rounded-md border border-dashed border-stone-300 bg-stone-50 px-3 py-2 text-sm tabular-nums"
        data-testid={testId}
        aria-label={label}
      >
        {value}
      </output>
    </div>
  );
}
