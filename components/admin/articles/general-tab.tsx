"use client";

import { useTranslations } from "next-intl";
import { CheckboxField, SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import type { ArticleFormState } from "./use-article-form";
import type { ArticleFormOptions } from "./types";

export function GeneralTab({ form, options }: { form: ArticleFormState; options: ArticleFormOptions }) {
  const t = useTranslations("articles.general");
  const { values, errors, set } = form;
  const category = options.categories.find((c) => String(c.id) === values.categoryId);
  const text = (key: Parameters<typeof form.bind>[0]) => ({ id: `article-${key}`, ...form.bind(key) });
  return (
    <div className="space-y-6" data-testid="article-general">
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="sr-only">{t("texts")}</legend>
        <TextField label={t("nameEn")} required maxLength={255} {...text("name")} />
        <TextField label={t("nameDe")} maxLength={255} hint={t("fallbackHint")} {...text("nameDe")} />
        <TextField label={t("shortDescriptionEn")} maxLength={500} {...text("shortDescription")} />
        <TextField label={t("shortDescriptionDe")} maxLength={500} {...text("shortDescriptionDe")} />
        <TextAreaField
          id="article-longDescription"
          label={t("longDescriptionEn")}
          rows={5}
          maxLength={5000}
          {...form.bind("longDescription")}
        />
        <TextAreaField
          id="article-longDescriptionDe"
          label={t("longDescriptionDe")}
          rows={5}
          maxLength={5000}
          {...form.bind("longDescriptionDe")}
        />
      </fieldset>

      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="sr-only">{t("classification")}</legend>
        <TextField label={t("articleNumber")} required maxLength={100} {...text("articleNumber")} />
        <div className="flex items-end pb-2">
          <CheckboxField
            id="article-active"
            label={t("active")}
            checked={values.active}
            onChange={(e) => set("active", e.target.checked)}
          />
        </div>
        <SelectField
          id="article-categoryId"
          label={t("category")}
          required
          placeholder={t("chooseCategory")}
          options={options.categories.map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.categoryId}
          error={errors.categoryId}
          hint={options.categories.length === 0 ? t("noCategories") : undefined}
          onChange={(e) => {
            const next = options.categories.find((c) => String(c.id) === e.target.value);
            form.setCategory(e.target.value, next?.subcategories.map((s) => s.id) ?? []);
          }}
        />
        <SelectField
          id="article-subcategoryId"
          label={t("subcategory")}
          placeholder={t("noSubcategory")}
          options={(category?.subcategories ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={values.subcategoryId}
          error={errors.subcategoryId}
          disabled={!category || category.subcategories.length === 0}
          onChange={(e) => set("subcategoryId", e.target.value)}
        />
      </fieldset>

      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-stone-800">{t("supplierSection")}</legend>
        <SelectField
          id="article-supplierId"
          label={t("supplier")}
          placeholder={t("noSupplier")}
          options={options.suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
          {...form.bind("supplierId")}
        />
        <TextField label={t("supplierArticleName")} maxLength={255} {...text("supplierArticleName")} />
        <TextField label={t("supplierArticleNumber")} maxLength={100} {...text("supplierArticleNumber")} />
      </fieldset>
    </div>
  );
}
