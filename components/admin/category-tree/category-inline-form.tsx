"use client";

import { useState, type FormEvent } from "react";
import Link from "next/link";
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
  type CategoryBody,
  type SubcategoryBody,
} from "@/lib/schemas/category-tree";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { useUnsavedChanges } from "@/components/ui/form/use-unsaved-changes";
import { SelectField, TextAreaField, TextField, type SelectOption } from "@/components/ui/form-field";
import type { CategoryTreeScreen } from "./screens";

type GermanTexts = { nameDe?: string | null; descriptionDe?: string | null };

export type InlineFormTarget =
  | ({ kind: "category"; id?: number; name: string; description: string | null } & GermanTexts)
  | ({ kind: "subcategory"; id?: number; categoryId: number; name: string; description: string | null } & GermanTexts);

type Saved = { kind: "category"; body: CategoryBody } | { kind: "subcategory"; body: SubcategoryBody };

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
  const tc = useTranslations("common");
  const tg = useTranslations("promptCategories");
  const router = useRouter();
  const { errors, validate, fromServer } = useFieldErrors();
  const initial = {
    name: target.name,
    description: target.description ?? "",
    nameDe: target.nameDe ?? "",
    descriptionDe: target.descriptionDe ?? "",
    categoryId: target.kind === "subcategory" ? String(target.categoryId) : "",
  };
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(false);
  const dirty = !saved && (Object.keys(initial) as (keyof typeof initial)[]).some((k) => values[k] !== initial[k]);
  useUnsavedChanges(dirty);

  const isNew = target.id === undefined;
  const save = useAdminMutation({
    mutationFn: (s: Saved): Promise<unknown> => {
      const api = categoryTreeApi(screen.apiBase);
      if (s.kind === "category") return target.id ? api.updateCategory(target.id, s.body) : api.createCategory(s.body);
      return target.id ? api.updateSubcategory(target.id, s.body) : api.createSubcategory(s.body);
    },
    success:
      target.kind === "category"
        ? t(isNew ? "categoryCreated" : "categoryUpdated")
        : t(isNew ? "subcategoryCreated" : "subcategoryUpdated"),
    onSuccess: () => {
      setSaved(true);
      router.replace(screen.path, { scroll: false });
      router.refresh();
    },
    onError: fromServer,
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const common = {
      name: values.name,
      description: values.description,
      ...(screen.german && { nameDe: values.nameDe, descriptionDe: values.descriptionDe }),
    };
    if (target.kind === "category") {
      const body = validate(screen.german ? categoryBodyDe : categoryBody, common);
      if (body) save.mutate({ kind: "category", body });
    } else {
      const schema = screen.german ? subcategoryBodyDe : subcategoryBody;
      const body = validate(schema, { ...common, categoryId: values.categoryId ? Number(values.categoryId) : undefined });
      if (body) save.mutate({ kind: "subcategory", body });
    }
  }

  const prefix = `${target.kind}-${target.id ?? "new"}`;
  const heading = target.kind === "category" ? t(isNew ? "newCategory" : "editCategory") : t(isNew ? "newSubcategory" : "editSubcategory");
  return (
    <form
      onSubmit={onSubmit}
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
          value={values.categoryId}
          error={errors.categoryId}
          onChange={(e) => setValues({ ...values, categoryId: e.target.value })}
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
        value={values.name}
        error={errors.name}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
      />
      <TextAreaField
        id={`${prefix}-description`}
        label={t("description")}
        rows={2}
        maxLength={CATEGORY_DESCRIPTION_MAX}
        value={values.description}
        error={errors.description}
        onChange={(e) => setValues({ ...values, description: e.target.value })}
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
            value={values.nameDe}
            error={errors.nameDe}
            onChange={(e) => setValues({ ...values, nameDe: e.target.value })}
          />
          <TextAreaField
            id={`${prefix}-description-de`}
            label={tg("descriptionDe")}
            lang="de"
            rows={2}
            maxLength={CATEGORY_DESCRIPTION_MAX}
            value={values.descriptionDe}
            error={errors.descriptionDe}
            onChange={(e) => setValues({ ...values, descriptionDe: e.target.value })}
          />
        </fieldset>
      )}
      {errors._ && <p className="field-error">{errors._}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? tc("saving") : tc("save")}
        </button>
        <Link href={screen.path} scroll={false} className="btn-secondary">
          {tc("cancel")}
        </Link>
      </div>
    </form>
  );
}
