"use client";

import { useTranslations } from "next-intl";
import { CheckboxField, SelectField, TextAreaField, TextField } from "@/components/ui/form-field";
import { CategorySelects } from "@/components/admin/category-tree/category-selects";
import type { PromptFormOptions, PromptFormValues } from "./prompt-form-model";
import type { PromptFormState } from "./use-prompt-form";

type TextKey = "title" | "titleDe" | "description" | "descriptionDe" | "promptNumber";

export function PromptFields({ form, options }: { form: PromptFormState; options: PromptFormOptions }) {
  const t = useTranslations("prompts.form");
  const { values, errors, set } = form;
  const text = (key: TextKey) => ({ id: `prompt-${key}`, ...form.bind(key) });
  const flag = (key: keyof Pick<PromptFormValues, "active" | "archived">) => ({
    id: `prompt-${key}`,
    checked: values[key],
    error: errors[key],
    onChange: (e: { target: { checked: boolean } }) => set(key, e.target.checked),
  });
  // An inactive model stays selectable when the prompt already uses it.
  const llms = options.llms.filter((m) => m.active || String(m.id) === values.llmId);
  return (
    <>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-stone-800">{t("textsSection")}</legend>
        <TextField label={t("titleEn")} required maxLength={255} counter {...text("title")} />
        <TextField label={t("titleDe")} maxLength={255} counter {...text("titleDe")} />
        <TextAreaField label={t("descriptionEn")} rows={3} maxLength={2000} {...text("description")} />
        <TextAreaField label={t("descriptionDe")} rows={3} maxLength={2000} {...text("descriptionDe")} />
        <p className="text-xs text-stone-500 md:col-span-2">{t("fallbackHint")}</p>
      </fieldset>

      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-stone-800">{t("classificationSection")}</legend>
        <CategorySelects
          namespace="prompts.form"
          idPrefix="prompt"
          categories={options.categories}
          form={form}
          onCategory={form.setCategory}
        />
        <SelectField
          id="prompt-llmId"
          label={t("llm")}
          required
          placeholder={t("chooseLlm")}
          options={llms.map((m) => ({
            value: String(m.id),
            label: m.offline && m.provider !== "offline" ? t("llmOffline", { name: m.displayName }) : m.displayName,
          }))}
          {...form.bind("llmId")}
        />
        <TextField label={t("promptNumber")} maxLength={50} {...text("promptNumber")} />
        <div className="flex flex-col gap-3 md:col-span-2 sm:flex-row sm:gap-8">
          <CheckboxField label={t("active")} hint={t("activeHint")} {...flag("active")} />
          <CheckboxField label={t("archived")} hint={t("archivedHint")} {...flag("archived")} />
        </div>
      </fieldset>
    </>
  );
}

export function StyleTextField({ form }: { form: PromptFormState }) {
  const t = useTranslations("prompts.form");
  return (
    <TextAreaField
      id="prompt-styleText"
      label={t("styleText")}
      hint={t("styleTextHint", { count: [...form.values.styleText].length, max: 8000 })}
      rows={8}
      maxLength={8000}
      className="input font-mono text-sm"
      {...form.bind("styleText")}
    />
  );
}
