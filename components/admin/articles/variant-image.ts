import { IMAGE_TYPES, checkImageFile, type ImageFileProblem } from "@/components/ui/image-crop";

export { clampCrop, croppedPreview, imageSize } from "@/components/ui/image-crop";

export const VARIANT_IMAGE_MAX_MB = 10;
export const VARIANT_IMAGE_MAX_BYTES = VARIANT_IMAGE_MAX_MB * 1024 * 1024;
export const VARIANT_IMAGE_TYPES = IMAGE_TYPES;

export type VariantImageProblem = ImageFileProblem;

export function checkVariantImage(file: Pick<File, "type" | "size">): VariantImageProblem | null {
  return checkImageFile(file, VARIANT_IMAGE_MAX_MB);
}
