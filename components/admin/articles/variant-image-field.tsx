"use client";

import { useTranslations } from "next-intl";
import { ImageCropField } from "@/components/ui/image-crop-field";
import type { ImageChange } from "./types";
import { VARIANT_IMAGE_MAX_MB } from "./variant-image";

/** While the mug details are incomplete the crop is square and a note says why. */
export function VariantImageField({
  aspect,
  currentUrl,
  change,
  onChange,
}: {
  /** printTemplateWidthMm / printTemplateHeightMm, or null while the mug details are incomplete. */
  aspect: number | null;
  currentUrl: string | null;
  change: ImageChange;
  onChange: (change: ImageChange) => void;
}) {
  const t = useTranslations("articles.variants");
  return (
    <ImageCropField
      idPrefix="variant"
      messages="articles.variants"
      label={t("image")}
      emptyText={t("noImageChosen")}
      maxMb={VARIANT_IMAGE_MAX_MB}
      aspect={aspect ?? 1}
      cropNote={!aspect && <p className="text-xs text-amber-700">{t("aspectUnknown")}</p>}
      currentUrl={currentUrl}
      change={change}
      onChange={onChange}
    />
  );
}
