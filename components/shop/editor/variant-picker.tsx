"use client";

import { useTranslations } from "next-intl";
import type { MugDto } from "@/lib/schemas/catalog";

export function VariantPicker({
  mug,
  variantId,
  onChange,
  name,
}: {
  mug: MugDto;
  variantId: number | null;
  onChange: (id: number) => void;
  name: string;
}) {
  const t = useTranslations("editor.mug");
  if (mug.variants.length === 0) return <p className="text-sm text-stone-600">{t("noVariants")}</p>;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-stone-700">{t("variants")}</legend>
      <div className="flex flex-wrap gap-3" data-testid="variant-picker">
        {mug.variants.map((v) => {
          const selected = v.id === variantId;
          return (
            <label
              key={v.id}
              className={`flex cursor-pointer items-center gap-2 rounded-full border-2 py-1 pr-3 pl-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                selected ? "border-brand-600 bg-brand-50" : "border-stone-200 bg-white hover:border-stone-400"
              }`}
              data-testid="variant-option"
              data-selected={selected}
            >
              <input type="radio" name={name} value={v.id} checked={selected} onChange={() => onChange(v.id)} className="sr-only" />
              <span
                aria-hidden
                className="relative h-7 w-7 rounded-full border border-stone-300"
                style={{ background: v.outsideColorCode }}
                title={t("swatchTitle", { outside: v.outsideColorCode, inside: v.insideColorCode })}
              >
                <span className="absolute inset-1.5 rounded-full border border-stone-300" style={{ background: v.insideColorCode }} />
              </span>
              <span>{v.name}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
