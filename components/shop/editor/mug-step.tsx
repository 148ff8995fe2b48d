"use client";

import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatEuro, formatNumber } from "@/lib/format";
import type { MugDto } from "@/lib/schemas/catalog";
import { CropPanel } from "./lazy-crop-panel";
import type { Editor } from "./use-editor";
import { MugDrawing } from "./mug-drawing";
import { VariantPicker } from "./variant-picker";

export function defaultVariantId(mug: MugDto): number | null {
  return (mug.variants.find((v) => v.isDefault) ?? mug.variants[0])?.id ?? null;
}

export function MugStep({ editor }: { editor: Editor }) {
  const t = useTranslations("editor.mug");
  const locale = useLocale();
  const { mugs, state, dispatch, mugsQuery } = editor;
  // A shop with one mug has nothing to choose: it is taken, and its colours show at once.
  const only = mugs.length === 1 ? mugs[0] : undefined;
  useEffect(() => {
    if (only && state.mugId === null) dispatch({ type: "setMug", mugId: only.id, variantId: defaultVariantId(only) });
  }, [only, state.mugId, dispatch]);
  // Once a mug of another print shape was picked, its cropper stays for this visit (even after it fitted the crop).
  const [recrop, setRecrop] = useState(false);
  if (!recrop && !editor.cropFits && state.photo) setRecrop(true);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (recrop) panel.current?.scrollIntoView?.({ block: "nearest" });
  }, [recrop]);
  if (mugs.length === 0) {
    return (
      <p role="status" className="rounded-md bg-stone-100 px-3 py-2 text-stone-700" data-testid="no-mugs">
        {mugsQuery.isError ? t("loadFailed") : t("noMugs")}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="sr-only">{t("listLabel")}</legend>
        {mugs.map((mug) => {
          const selected = mug.id === state.mugId;
          const shown =
            (selected ? mug.variants.find((v) => v.id === state.variantId) : undefined) ??
            mug.variants.find((v) => v.isDefault) ??
            mug.variants[0];
          return (
            <div
              key={mug.id}
              className={`flex flex-col gap-3 rounded-lg border-2 bg-white p-4 ${selected ? "border-brand-600 shadow-md" : "border-stone-200"}`}
              data-testid="mug-option"
              data-selected={selected}
            >
              <label className="flex cursor-pointer flex-col gap-3 rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500">
                <input
                  type="radio"
                  name="mug"
                  value={mug.id}
                  checked={selected}
                  onChange={() => dispatch({ type: "setMug", mugId: mug.id, variantId: defaultVariantId(mug) })}
                  className="sr-only"
                />
                {shown?.exampleImageUrl ? (
                  // eslint-disable-next-line @next/next/no-img-element -- catalogue images are served by our own API with long cache headers
                  <img
                    src={shown.exampleImageUrl}
                    alt=""
                    width={512}
                    height={512}
                    className="aspect-square w-full rounded-md bg-stone-50 object-contain"
                    data-testid="mug-example"
                  />
                ) : (
                  // No photo of this colour: the mug as the editor draws it, in the colour's paint.
                  <span className="flex aspect-square w-full items-center justify-center rounded-md bg-stone-50 p-4" aria-hidden>
                    <MugDrawing
                      uid={`mug-step-${mug.id}`}
                      mug={mug}
                      imageUrl={null}
                      outsideColor={shown?.outsideColorCode ?? "#ffffff"}
                      insideColor={shown?.insideColorCode ?? "#ffffff"}
                      label=""
                      className="h-full w-auto"
                    />
                  </span>
                )}
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold">{mug.name}</span>
                  <span className="font-semibold text-brand-700" data-testid="mug-price">
                    {formatEuro(mug.price.priceCents, locale)}
                  </span>
                </span>
              </label>
              {mug.shortDescription && <p className="text-sm text-stone-600">{mug.shortDescription}</p>}
              <p className="text-sm text-stone-600">
                {t("capacity", { ml: mug.fillingQuantityMl })} ·{" "}
                {t("dimensions", { diameter: formatNumber(mug.diameterMm, locale), height: formatNumber(mug.heightMm, locale) })}
                {mug.dishwasherSafe && <> · {t("dishwasherSafe")}</>}
              </p>
              <p className="text-xs text-stone-500">
                {t("printArea", {
                  width: formatNumber(mug.printTemplateWidthMm, locale),
                  height: formatNumber(mug.printTemplateHeightMm, locale),
                })}
              </p>
              {selected && (
                <VariantPicker
                  mug={mug}
                  variantId={state.variantId}
                  name={`variant-${mug.id}`}
                  onChange={(variantId) => dispatch({ type: "setVariant", variantId })}
                />
              )}
            </div>
          );
        })}
      </fieldset>
      {recrop && (
        <section ref={panel} aria-labelledby="mug-crop-title" className="space-y-3 border-t border-stone-200 pt-4" data-testid="mug-crop">
          <h3 id="mug-crop-title" className="font-semibold">
            {t("recropTitle")}
          </h3>
          <p className="text-sm text-stone-600">{t("recropText")}</p>
          <CropPanel editor={editor} />
        </section>
      )}
    </div>
  );
}
