"use client";

import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { slotVariantsApi } from "@/lib/api-client/slots";
import { slotVariantBody, type SlotVariantDto } from "@/lib/schemas/prompts";
import { SelectField, TextAreaField, TextField, type SelectOption } from "@/components/ui/form-field";
import { FormButtons } from "@/components/ui/form/form-buttons";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import type { ImageChange, PendingImage } from "@/components/admin/articles/types";
import { SlotImageField } from "./slot-image-field";
import { SLOT_VARIANTS_PATH } from "./paths";

const NAME_MAX = 255;
const PROMPT_MAX = 8000;
const DESCRIPTION_MAX = 2000;

type Values = { name: string; slotTypeId: string; llmId: string; prompt: string; description: string };

/** Submit order of the fields, for focusing the first invalid one. */
const FIELD_ORDER = ["name", "slotTypeId", "llmId", "prompt", "description", "exampleImageId"] as const;

/** A new image is uploaded before the variant is saved with its id, and not again when a save is retried. */
export function SlotVariantForm({
  variant,
  slotTypes,
  llms,
  initialTypeId,
}: {
  variant?: SlotVariantDto;
  slotTypes: readonly SelectOption[];
  llms: readonly SelectOption[];
  initialTypeId?: number;
}) {
  const t = useTranslations("slots");
  const router = useRouter();
  const [image, setImage] = useState<ImageChange>({ kind: "keep" });
  const uploaded = useRef<{ image: PendingImage; id: number } | null>(null);

  async function exampleImageId(): Promise<number | null> {
    if (image.kind === "remove") return null;
    if (image.kind === "keep") return variant?.exampleImageId ?? null;
    if (uploaded.current?.image === image.image) return uploaded.current.id;
    const stored = await slotVariantsApi.uploadImage(image.image.file, image.image.crop);
    uploaded.current = { image: image.image, id: stored.id };
    return stored.id;
  }

  const form = useAdminForm({
    initial: (): Values => ({
      name: variant?.name ?? "",
      slotTypeId: String(variant?.slotType.id ?? initialTypeId ?? ""),
      llmId: variant ? String(variant.llm.id) : "",
      prompt: variant?.prompt ?? "",
      description: variant?.description ?? "",
    }),
    schema: slotVariantBody,
    toBody: (v) => ({
      name: v.name,
      slotTypeId: v.slotTypeId ? Number(v.slotTypeId) : undefined,
      llmId: v.llmId ? Number(v.llmId) : undefined,
      prompt: v.prompt,
      description: v.description,
      exampleImageId: null,
    }),
    mutationFn: async (body) => {
      const payload = { ...body, exampleImageId: await exampleImageId() };
      return variant ? slotVariantsApi.update(variant.id, payload) : slotVariantsApi.create(payload);
    },
    success: (result) => t(variant ? "variantUpdated" : "variantCreated", { name: result.name }),
    onSaved: (result) => {
      router.push(`${SLOT_VARIANTS_PATH}?typeId=${result.slotType.id}`);
      router.refresh();
    },
    extraDirty: image.kind !== "keep",
    liveCheck: true,
  });
  const { values, errors } = form;

  const bind = (field: keyof Values) => ({ id: `slot-variant-${field}`, name: field, ...form.bind(field) });
  const imageError = errors.exampleImageId ?? errors.file ?? errors.imageType ?? errors.crop;
  const otherErrors = Object.entries(errors).filter(
    ([field]) => !(FIELD_ORDER as readonly string[]).includes(field) && !["file", "imageType", "crop"].includes(field),
  );

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      autoComplete="off"
      className="card max-w-3xl space-y-5 p-4 sm:p-6"
      data-testid="slot-variant-form"
    >
      <TextField {...bind("name")} label={t("name")} required counter maxLength={NAME_MAX} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...bind("slotTypeId")} label={t("slotType")} required options={slotTypes} placeholder={t("chooseType")} />
        <SelectField {...bind("llmId")} label={t("llm")} required options={llms} placeholder={t("chooseLlm")} />
      </div>
      <TextAreaField
        {...bind("prompt")}
        label={t("prompt")}
        required
        rows={5}
        maxLength={PROMPT_MAX}
        hint={t("promptHint", { count: [...values.prompt].length, max: PROMPT_MAX })}
      />
      <TextAreaField {...bind("description")} label={t("description")} rows={2} maxLength={DESCRIPTION_MAX} />
      <SlotImageField currentUrl={variant?.exampleImageUrl ?? null} change={image} error={imageError} onChange={setImage} />
      {otherErrors.map(([field, message]) => (
        <p key={field} className="field-error">
          {message}
        </p>
      ))}
      {variant && (
        <p className="text-xs text-stone-500" data-testid="slot-variant-usage">
          {t("usedByPrompts", { count: variant.promptCount })}
        </p>
      )}
      <FormButtons form={form} cancel={SLOT_VARIANTS_PATH} />
    </form>
  );
}
