"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { SelectField } from "@/components/ui/form-field";
import type { PromptFormOptions } from "./prompt-form-model";

export function SlotVariantPicker({
  options,
  slots,
  error,
  onChange,
}: {
  options: PromptFormOptions;
  slots: Record<string, string>;
  error?: string;
  onChange: (slotTypeId: number, variantId: string) => void;
}) {
  const t = useTranslations("prompts.form");
  const types = [...options.slotTypes].sort((a, b) => a.position - b.position);
  return (
    <fieldset className="space-y-3" data-testid="prompt-slots" aria-describedby={error ? "prompt-slots-error" : undefined}>
      <legend className="mb-1 text-base font-semibold text-stone-800">{t("slotsSection")}</legend>
      <p className="text-sm text-stone-600">{t("slotsHelp")}</p>
      {types.length === 0 && (
        <p className="text-sm text-stone-600" data-testid="prompt-no-slot-types">
          {t("noSlotTypes")}{" "}
          <Link href="/admin/slot-types" className="text-brand-700 underline">
            {t("manageSlotTypes")}
          </Link>
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {types.map((type) => {
          const variants = options.slotVariants.filter((v) => v.slotTypeId === type.id);
          const value = slots[String(type.id)] ?? "";
          const chosen = variants.find((v) => String(v.id) === value);
          return (
            <div key={type.id} data-testid={`prompt-slot-${type.id}`} data-slot-type={type.name}>
              <SelectField
                id={`prompt-slot-${type.id}-select`}
                label={type.name}
                placeholder={t("slotNone")}
                options={variants.map((v) => ({ value: String(v.id), label: v.name }))}
                value={value}
                disabled={variants.length === 0}
                hint={variants.length === 0 ? t("slotTypeEmpty") : undefined}
                onChange={(e) => onChange(type.id, e.target.value)}
              />
              {chosen && <p className="mt-1 line-clamp-3 break-words text-xs text-stone-500">{chosen.description || chosen.prompt}</p>}
            </div>
          );
        })}
      </div>
      {error && (
        <p id="prompt-slots-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
