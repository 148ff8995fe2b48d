"use client";

import { useTranslations } from "next-intl";
import { SelectField } from "@/components/ui/form-field";

interface Category {
  id: number;
  name: string;
  subcategories: readonly { id: number; name: string }[];
}

/** The category select, and the subcategory select that offers only the chosen category's subcategories. */
export function CategorySelects({
  namespace,
  idPrefix,
  categories,
  form,
  onCategory,
}: {
  /** Both hold the labels under the same keys. */
  namespace: "articles.general" | "prompts.form";
  idPrefix: string;
  categories: readonly Category[];
  form: {
    values: { categoryId: string; subcategoryId: string };
    errors: Record<string, string>;
    set: (field: "subcategoryId", value: string) => void;
  };
  /** The form keeps or drops the subcategory when the category changes. */
  onCategory: (categoryId: string, category: Category | undefined) => void;
}) {
  const t = useTranslations(namespace);
  const { values, errors } = form;
  const category = categories.find((c) => String(c.id) === values.categoryId);
  return (
    <>
      <SelectField
        id={`${idPrefix}-categoryId`}
        label={t("category")}
        required
        placeholder={t("chooseCategory")}
        options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        value={values.categoryId}
        error={errors.categoryId}
        hint={categories.length === 0 ? t("noCategories") : undefined}
        onChange={(e) =>
          onCategory(
            e.target.value,
            categories.find((c) => String(c.id) === e.target.value),
          )
        }
      />
      <SelectField
        id={`${idPrefix}-subcategoryId`}
        label={t("subcategory")}
        placeholder={t("noSubcategory")}
        options={(category?.subcategories ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={values.subcategoryId}
        error={errors.subcategoryId}
        disabled={!category || category.subcategories.length === 0}
        onChange={(e) => form.set("subcategoryId", e.target.value)}
      />
    </>
  );
}
