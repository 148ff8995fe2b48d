"use client";

import { useTranslations } from "next-intl";
import { ImageCropField } from "@/components/ui/image-crop-field";
import { checkImageFile, type ImageChange } from "@/components/ui/image-crop";

export const SLOT_IMAGE_MAX_MB = 5;
export const SLOT_IMAGE_MAX_BYTES = SLOT_IMAGE_MAX_MB * 1024 * 1024;

export function checkSlotImage(file: Pick<File, "type" | "size">): "type" | "size" | null {
  return checkImageFile(file, SLOT_IMAGE_MAX_MB);
}

/** Zooming in crops at the picture's own aspect; the whole picture means no crop. */
export function SlotImageField({
  currentUrl,
  change,
  error,
  onChange,
}: {
  currentUrl: string | null;
  change: ImageChange;
  error?: string;
  onChange: (change: ImageChange) => void;
}) {
  const t = useTranslations("slots");
  return (
    <ImageCropField
      idPrefix="slot"
      messages="slots"
      label={t("exampleImage")}
      maxMb={SLOT_IMAGE_MAX_MB}
      aspect={null}
      currentUrl={currentUrl}
      change={change}
      error={error}
      onChange={onChange}
    />
  );
}
