"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { promptsApi } from "@/lib/api-client/prompts";
import { promptBody, type PromptDto } from "@/lib/schemas/prompts";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import { currentErrors, initialValues, toBody, withCategory, type PromptFormOptions } from "./prompt-form-model";
import { PROMPTS_PATH } from "./paths";

export interface PendingExampleImage {
  file: File;
  previewUrl: string;
}

const STAND_IN_IMAGE_ID = 1;

/** A new prompt opens as saved after its first save; a saved one stays open and shows what the server stored. */
export function usePromptForm(options: PromptFormOptions, prompt?: PromptDto) {
  const t = useTranslations("prompts");
  const router = useRouter();
  const [pendingImage, setPendingImage] = useState<PendingExampleImage | null>(null);

  const form = useAdminForm({
    initial: () => initialValues(options, prompt),
    schema: promptBody,
    toBody: (v) => toBody(v, options, pendingImage ? STAND_IN_IMAGE_ID : undefined),
    mutationFn: async (body) => {
      const next = { ...body, exampleImageId: await storeImage() };
      return prompt ? promptsApi.update(prompt.id, next) : promptsApi.create(next);
    },
    success: prompt ? t("updated") : t("created"),
    onSaved: (saved) => {
      if (!prompt) router.replace(`${PROMPTS_PATH}/${saved.id}`);
      router.refresh();
    },
    stay: prompt ? (saved) => initialValues(options, saved) : undefined,
    extraDirty: pendingImage !== null,
    visibleErrors: (errors, checked, values) => currentErrors(errors, checked, values, pendingImage !== null),
  });
  const { values, setValues } = form;

  /** Uploads the chosen file (once: a retry after a failed save reuses the stored image). */
  async function storeImage(): Promise<number> {
    if (!pendingImage) return values.exampleImage?.id ?? 0;
    const image = await promptsApi.uploadExampleImage(pendingImage.file);
    setValues((v) => ({ ...v, exampleImage: { id: image.id, url: image.url } }));
    setPendingImage(null);
    return image.id;
  }

  const setCategory = (categoryId: string) => setValues((v) => withCategory(v, categoryId, options));
  const setSlot = (slotTypeId: number, variantId: string) =>
    setValues((v) => ({ ...v, slots: { ...v.slots, [String(slotTypeId)]: variantId } }));
  const chooseImage = (file: File | null) =>
    setPendingImage((old) => {
      if (old) URL.revokeObjectURL(old.previewUrl);
      return file ? { file, previewUrl: URL.createObjectURL(file) } : null;
    });

  return { ...form, setCategory, setSlot, pendingImage, chooseImage };
}

export type PromptFormState = ReturnType<typeof usePromptForm>;
