"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { categoryTreeApi } from "@/lib/api-client/category-tree";
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  categoryBody,
  categoryBodyDe,
  subcategoryBody,
  subcategoryBodyDe,
  type SubcategoryBody,
} from "@/lib/schemas/category-tree";
import { FormButtons } from "@/components/ui/form/form-buttons";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import { SelectField, TextAreaField, TextField, type SelectOption } from "@/components/ui/form-field";
import type { CategoryTreeScreen } from "./screens";

type GermanTexts = { nameDe?: string | null; descriptionDe?: string | null };

export type InlineFormTarget =
  | ({ kind: "category"; id?: number; name: string; description: string | null } & GermanTexts)
  | ({ kind: "subcategory"; id?: number; categoryId: number; name: string; description: string | null } & GermanTexts);

export function CategoryInlineForm({
  screen,
  target,
  categories,
}: {
  screen: CategoryTreeScreen;
  target: InlineFormTarget;
  categories: readonly SelectOption[];
}) {
  const t = useTranslations(screen.namespace);
  const tg = useTranslations("promptCategories");
  const router = useRouter();
  const isNew = target.id === undefined;
  const subcategory = target.kind === "subcategory";
  const form = useAdminForm({
    initial: () => ({
      name: target.name,
      description: target.description ?? "",
      nameDe: target.nameDe ?? "",
      descriptionDe: target.descriptionDe ?? "",
      categoryId: target.kind === "subcategory" ? String(target.categoryId) : "",
    }),
    schema: subcategory ? (screen.german ? subcategoryBodyDe : subcategoryBody) : screen.german ? categoryBodyDe : categoryBody,
    toBody: (v) => ({
      name: v.name,
      description: v.description,
      ...(screen.german && { nameDe: v.nameDe, descriptionDe: v.descriptionDe }),
      ...(subcategory && { categoryId: v.categoryId ? Number(v.categoryId) : undefined }),
    }),
    mutationFn: (body): Promise<unknown> => {
      const api = categoryTreeApi(screen.apiBase);
      if (!subcategory) return target.id ? api.updateCategory(target.id, body) : api.createCategory(body);
      const sub = body as SubcategoryBody;
      return target.id ? api.updateSubcategory(target.id, sub) : api.createSubcategory(sub);
    },
    success: subcategory ? t(isNew ? "subcategoryCreated" : "subcategoryUpdated") : t(isNew ? "categoryCreated" : "categoryUpdated"),
    onSaved: () => {
      router.replace(screen.path, { scroll: false });
      router.refresh();
    },
  });
  const { errors } = form;

  const prefix = `${target.kind}-${target.id ?? "new"}`;
  const heading = target.kind === "category" ? t(isNew ? "newCategory" : "editCategory") : t(isNew ? "newSubcategory" : "editSubcategory");
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={heading}
      className="space-y-3 rounded-md border border-brand-100 bg-brand-50/40 p-3 sm:p-4"
      data-testid={`${target.kind}-form`}
    >
      <h3 className="text-sm font-semibold text-stone-800">{heading}</h3>
      {target.kind === "subcategory" && (
        <SelectField
          id={`${prefix}-category`}
          label={t("category")}
          required
          options={categories}
          placeholder={t("chooseCategory")}
          {...form.bind("categoryId")}
        />
      )}
      <TextField
        id={`${prefix}-name`}
        label={t("name")}
        required
        counter
        maxLength={CATEGORY_NAME_MAX}
        // The form opens on the admin's click (edit, add): let them type straight away.
        autoFocus
        {...form.bind("name")}
      />
      <TextAreaField
        id={`${prefix}-description`}
        label={t("description")}
        rows={2}
        maxLength={CATEGORY_DESCRIPTION_MAX}
        {...form.bind("description")}
      />
      {screen.german && (
        <fieldset className="space-y-3 border-t border-brand-100 pt-3">
          <legend className="text-sm font-medium text-stone-700">{tg("germanTexts")}</legend>
          <p className="text-xs text-stone-500">{tg("germanHint")}</p>
          <TextField
            id={`${prefix}-name-de`}
            label={tg("nameDe")}
            lang="de"
            counter
            maxLength={CATEGORY_NAME_MAX}
            {...form.bind("nameDe")}
          />
          <TextAreaField
            id={`${prefix}-description-de`}
            label={tg("descriptionDe")}
            lang="de"
            rows={2}
            maxLength={CATEGORY_DESCRIPTION_MAX}
            {...form.bind("descriptionDe")}
          />
        </fieldset>
      )}
      {errors._ && <p className="field-error">{errors._}</p>}
      <FormButtons form={form} cancel={screen.path} scroll={false} />
    </form>
  );
}
