"use client";

import { useTranslations } from "next-intl";
import { CheckboxField, TextField } from "@/components/ui/form-field";
import type { MugDetailsValues } from "./article-form-model";
import type { ArticleFormState } from "./use-article-form";

type NumberKey = Exclude<keyof MugDetailsValues, "dishwasherSafe">;

export function MugDetailsTab({ form }: { form: ArticleFormState }) {
  const t = useTranslations("articles.mug");
  const { values, errors, setMug } = form;
  const field = (key: NumberKey, unit: "mm" | "ml") => (
    <TextField
      key={key}
      id={`mug-${key}`}
      label={`${t(key)} (${unit})`}
      required
      inputMode={unit === "ml" ? "numeric" : "decimal"}
      value={values.mugDetails[key]}
      error={errors[`mugDetails.${key}`]}
      onChange={(e) => setMug({ [key]: e.target.value })}
    />
  );
  return (
    <div className="space-y-6" data-testid="article-mug-details">
      <fieldset className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-stone-800">{t("mugSection")}</legend>
        {field("heightMm", "mm")}
        {field("diameterMm", "mm")}
        {field("fillingQuantityMl", "ml")}
        <div className="flex items-end pb-2">
          <CheckboxField
            id="mug-dishwasherSafe"
            label={t("dishwasherSafe")}
            checked={values.mugDetails.dishwasherSafe}
            onChange={(e) => setMug({ dishwasherSafe: e.target.checked })}
          />
        </div>
      </fieldset>
      <fieldset className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-stone-800">{t("printSection")}</legend>
        {field("printTemplateWidthMm", "mm")}
        {field("printTemplateHeightMm", "mm")}
      </fieldset>
      <fieldset className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <legend className="mb-1 text-sm font-semibold text-stone-800">{t("documentSection")}</legend>
        <p className="text-sm text-stone-600 col-span-2 lg:col-span-3">{t("documentHint")}</p>
        {field("documentWidthMm", "mm")}
        {field("documentHeightMm", "mm")}
        {field("documentBottomMarginMm", "mm")}
      </fieldset>
    </div>
  );
}
