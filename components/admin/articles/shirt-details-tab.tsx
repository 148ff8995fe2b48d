"use client";

import { useTranslations } from "next-intl";
import { FIT_TYPES, SHIRT_SIZES } from "@/lib/schemas/articles";
import { RequiredMark, SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import type { ArticleFormState } from "./use-article-form";

export function ShirtDetailsTab({ form }: { form: ArticleFormState }) {
  const t = useTranslations("articles.shirt");
  const { values, errors, setShirt } = form;
  const s = values.shirtDetails;
  const sizesError = errors["shirtDetails.availableSizes"];
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="article-shirt-details">
      <TextField
        id="shirt-material"
        label={t("material")}
        required
        maxLength={255}
        value={s.material}
        error={errors["shirtDetails.material"]}
        onChange={(e) => setShirt({ material: e.target.value })}
      />
      <SelectField
        id="shirt-fitType"
        label={t("fitType")}
        options={FIT_TYPES.map((f) => ({ value: f, label: t(`fit.${f}`) }))}
        value={s.fitType}
        error={errors["shirtDetails.fitType"]}
        onChange={(e) => setShirt({ fitType: e.target.value as typeof s.fitType })}
      />
      <div className="md:col-span-2">
        <TextAreaField
          id="shirt-careInstructions"
          label={t("careInstructions")}
          rows={3}
          maxLength={2000}
          value={s.careInstructions}
          error={errors["shirtDetails.careInstructions"]}
          onChange={(e) => setShirt({ careInstructions: e.target.value })}
        />
      </div>
      <fieldset className="md:col-span-2" aria-describedby={sizesError ? "shirt-sizes-error" : undefined} data-testid="shirt-sizes">
        <legend className="label">
          {t("availableSizes")}
          <RequiredMark />
        </legend>
        <div className="flex flex-wrap gap-2">
          {SHIRT_SIZES.map((size) => {
            const checked = s.availableSizes.includes(size);
            return (
              <label
                key={size}
                className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm ${checked ? "border-brand-600 bg-brand-50" : "border-stone-300 bg-white"}`}
              >
                <input
                  type="checkbox"
                  className="accent-brand-600"
                  checked={checked}
                  onChange={(e) =>
                    setShirt({
                      availableSizes: e.target.checked
                        ? SHIRT_SIZES.filter((x) => x === size || s.availableSizes.includes(x))
                        : s.availableSizes.filter((x) => x !== size),
                    })
                  }
                />
                {size}
              </label>
            );
          })}
        </div>
        {sizesError && (
          <p id="shirt-sizes-error" className="field-error">
            {sizesError}
          </p>
        )}
      </fieldset>
    </div>
  );
}
