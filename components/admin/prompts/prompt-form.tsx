"use client";

import { useMemo, useState } from "react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { shopLocale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import type { PromptDto } from "@/lib/schemas/prompts";
import { composedPreview, type PromptFormOptions } from "./prompt-form-model";
import { ExampleImageField } from "./example-image-field";
import { PromptFields, StyleTextField } from "./prompt-fields";
import { PromptPreview } from "./prompt-preview";
import { PromptTestDialog } from "./prompt-test-dialog";
import { SlotVariantPicker } from "./slot-variant-picker";
import { PROMPTS_PATH } from "./paths";
import { usePromptForm } from "./use-prompt-form";

export function PromptForm({ prompt, options }: { prompt?: PromptDto; options: PromptFormOptions }) {
  const t = useTranslations("prompts");
  const tc = useTranslations("common");
  const locale = useLocale();
  const form = usePromptForm(options, prompt);
  const [testing, setTesting] = useState(false);
  const { values } = form;
  const preview = useMemo(
    () => composedPreview({ styleText: values.styleText, slots: values.slots }, options),
    [values.styleText, values.slots, options],
  );

  const slotError = Object.entries(form.errors).find(([path]) => path.startsWith("slotVariantIds"))?.[1];
  return (
    <>
      <form onSubmit={form.onSubmit} noValidate className="space-y-4" data-testid="prompt-form">
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
          <div className="min-w-0 space-y-6 rounded-lg border border-stone-200 bg-white px-3 py-4 shadow-sm sm:px-6">
            <PromptFields form={form} options={options} />
            <ExampleImageField
              storedUrl={values.exampleImage?.url ?? null}
              pending={form.pendingImage}
              error={form.errors.exampleImageId}
              onChoose={form.chooseImage}
            />
            <fieldset className="space-y-3">
              <legend className="mb-1 text-base font-semibold text-stone-800">{t("form.styleSection")}</legend>
              <StyleTextField form={form} />
            </fieldset>
            <SlotVariantPicker options={options} slots={values.slots} error={slotError} onChange={form.setSlot} />
          </div>
          <div className="min-w-0 lg:sticky lg:top-4">
            <PromptPreview text={preview} />
          </div>
        </div>
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
          <button type="submit" className="btn-primary" disabled={form.save.isPending} data-testid="prompt-save">
            {form.save.isPending ? tc("saving") : tc("save")}
          </button>
          {prompt && (
            <button type="button" className="btn-secondary" onClick={() => setTesting(true)} data-testid="prompt-test-open">
              {t("test.open")}
            </button>
          )}
          <Link href={PROMPTS_PATH} className="btn-secondary">
            {t("backToList")}
          </Link>
          {form.dirty && (
            <span className="text-sm text-amber-700" data-testid="prompt-dirty">
              {t("unsaved")}
            </span>
          )}
        </div>
      </form>
      {prompt && (
        <PromptTestDialog
          open={testing}
          onClose={() => setTesting(false)}
          promptId={prompt.id}
          promptTitle={localized(shopLocale(locale), prompt.title, prompt.titleDe)}
          defaultModelId={prompt.llm.id}
          llms={options.llms}
          unsaved={form.dirty}
          savedText={prompt.composedPrompt}
        />
      )}
    </>
  );
}
