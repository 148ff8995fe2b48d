"use client";

import { useTranslations } from "next-intl";
import { CheckboxField, SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import { CategorySelects } from "@/components/admin/category-tree/category-selects";
import type { ArticleFormState } from "./use-article-form";
import type { ArticleFormOptions } from "./types";

export function GeneralTab({ form, options }: { form: ArticleFormState; options: ArticleFormOptions }) {
  const t = useTranslations("articles.general");
  const { values, set } = form;
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
        <CategorySelects
          namespace="articles.general"
          idPrefix="article"
          categories={options.categories}
          form={form}
          onCategory={(id, next) => form.setCategory(id, next?.subcategories.map((s) => s.id) ?? [])}
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
