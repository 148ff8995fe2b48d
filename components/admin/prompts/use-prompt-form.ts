"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { promptsApi } from "@/lib/api-client/prompts";
import { promptBody, type PromptBody, type PromptDto } from "@/lib/schemas/prompts";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { useUnsavedChanges } from "@/components/ui/form/use-unsaved-changes";
import { currentErrors, initialValues, toBody, withCategory, type PromptFormOptions, type PromptFormValues } from "./prompt-form-model";
import { PROMPTS_PATH } from "./paths";

export interface PendingExampleImage {
  file: File;
  previewUrl: string;
}

const STAND_IN_IMAGE_ID = 1;

export function usePromptForm(options: PromptFormOptions, prompt?: PromptDto) {
  const t = useTranslations("prompts");
  const router = useRouter();
  const [baseline, setBaseline] = useState(() => initialValues(options, prompt));
  const [values, setValues] = useState(baseline);
  const [pendingImage, setPendingImage] = useState<PendingExampleImage | null>(null);
  const [leaving, setLeaving] = useState(false);
  const fieldErrors = useFieldErrors();
  const { validate, fromServer } = fieldErrors;
  const [checked, setChecked] = useState<PromptFormValues | null>(null);
  const errors = currentErrors(fieldErrors.errors, checked, values, pendingImage !== null);

  const dirty = !leaving && (pendingImage !== null || JSON.stringify(values) !== JSON.stringify(baseline));
  useUnsavedChanges(dirty);

  /** Uploads the chosen file (once: a retry after a failed save reuses the stored image). */
  async function storeImage(): Promise<number> {
    if (!pendingImage) return values.exampleImage?.id ?? 0;
    const image = await promptsApi.uploadExampleImage(pendingImage.file);
    const stored = { id: image.id, url: image.url };
    setValues((v) => ({ ...v, exampleImage: stored }));
    setPendingImage(null);
    return image.id;
  }

  const save = useAdminMutation({
    mutationFn: async (body: PromptBody) => {
      const exampleImageId = await storeImage();
      const next = { ...body, exampleImageId };
      return prompt ? promptsApi.update(prompt.id, next) : promptsApi.create(next);
    },
    success: prompt ? t("updated") : t("created"),
    onSuccess: (saved) => {
      const next = initialValues(options, saved);
      setBaseline(next);
      setValues(next);
      setChecked(null);
      if (!prompt) {
        setLeaving(true);
        router.replace(`${PROMPTS_PATH}/${saved.id}`);
      }
      router.refresh();
    },
    onError: fromServer,
  });

  function submit() {
    setChecked(values);
    const body = validate(promptBody, toBody(values, options, pendingImage ? STAND_IN_IMAGE_ID : undefined));
    if (body) save.mutate(body);
  }

  const set = <K extends keyof PromptFormValues>(key: K, value: PromptFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setCategory = (categoryId: string) => setValues((v) => withCategory(v, categoryId, options));
  const setSlot = (slotTypeId: number, variantId: string) =>
    setValues((v) => ({ ...v, slots: { ...v.slots, [String(slotTypeId)]: variantId } }));
  const chooseImage = (file: File | null) =>
    setPendingImage((old) => {
      if (old) URL.revokeObjectURL(old.previewUrl);
      return file ? { file, previewUrl: URL.createObjectURL(file) } : null;
    });

  /** Changes identity whenever a check or the server reports errors anew (to move focus to the first one). */
  const reported = fieldErrors.errors;

  return { values, set, setCategory, setSlot, pendingImage, chooseImage, errors, reported, dirty, submit, saving: save.isPending };
}

export type PromptFormState = ReturnType<typeof usePromptForm>;
