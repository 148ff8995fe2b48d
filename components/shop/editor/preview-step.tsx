"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { formatEuro } from "@/lib/format";
import { PHONE_SCREEN, useMediaQuery } from "@/components/ui/use-media-query";
import { AddToCart } from "./add-to-cart";
import { MugView } from "./mug-3d/mug-view";
import type { Editor } from "./use-editor";
import { VariantPicker } from "./variant-picker";
import { SHIPPING_PATH } from "@/components/shop/legal/legal-paths";

export function PreviewStep({ editor, shippingFromCents = null }: { editor: Editor; shippingFromCents?: number | null }) {
  const t = useTranslations("editor.preview");
  const locale = useLocale();
  const { state, dispatch, mug, variant, prompt } = editor;
  // On a phone "Add to cart" sits in the editor's bar at the foot of the screen instead.
  const phone = useMediaQuery(PHONE_SCREEN);
  const image = state.generation.result?.images.find((i) => i.id === state.generation.selectedImageId);

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <div className="flex items-start justify-center rounded-lg border border-stone-200 bg-white p-4">
        {mug && variant && image ? (
          <MugView
            mug={mug}
            imageUrl={image.url}
            outsideColor={variant.outsideColorCode}
            insideColor={variant.insideColorCode}
            label={
              prompt
                ? t("mugLabelStyle", { mug: mug.name, variant: variant.name, style: prompt.title })
                : t("mugLabel", { mug: mug.name, variant: variant.name })
            }
          />
        ) : (
          <p className="text-stone-600">{t("missing")}</p>
        )}
      </div>
      <div className="space-y-5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="preview-summary">
          <dt className="font-medium text-stone-700">{t("summaryStyle")}</dt>
          <dd>{prompt?.title ?? "–"}</dd>
          <dt className="font-medium text-stone-700">{t("summaryMug")}</dt>
          <dd>{mug?.name ?? "–"}</dd>
          <dt className="font-medium text-stone-700">{t("summaryColor")}</dt>
          <dd data-testid="preview-variant">{variant?.name ?? "–"}</dd>
          <dt className="font-medium text-stone-700">{t("summaryPrice")}</dt>
          <dd className="font-semibold text-brand-700">{mug ? formatEuro(mug.price.priceCents, locale) : "–"}</dd>
        </dl>
        {shippingFromCents !== null && (
          <p className="text-sm text-stone-600" data-testid="preview-shipping">
            {t("shippingFrom", { shipping: formatEuro(shippingFromCents, locale) })}{" "}
            <Link href={SHIPPING_PATH} className="underline hover:text-brand-700" target="_blank">
              {t("shippingLink")}
            </Link>
          </p>
        )}
        {mug && (
          <VariantPicker
            mug={mug}
            variantId={state.variantId}
            name="preview-variant"
            onChange={(variantId) => dispatch({ type: "setVariant", variantId })}
          />
        )}
        {!phone && <AddToCart editor={editor} />}
      </div>
    </div>
  );
}
