/** Example images of mug variants in the browser: the limits; the helpers live in components/ui/image-crop. */
import { IMAGE_TYPES, checkImageFile, type ImageFileProblem } from "@/components/ui/image-crop";

export { clampCrop, croppedPreview, imageSize } from "@/components/ui/image-crop";

/** Spec section 9: mug variant images up to 10 MB (checked here and again on the server). */
export const VARIANT_IMAGE_MAX_MB = 10;
export const VARIANT_IMAGE_MAX_BYTES = VARIANT_IMAGE_MAX_MB * 1024 * 1024;
export const VARIANT_IMAGE_TYPES = IMAGE_TYPES;

export type VariantImageProblem = ImageFileProblem;

export function checkVariantImage(file: Pick<File, "type" | "size">): VariantImageProblem | null {
  return checkImageFile(file, VARIANT_IMAGE_MAX_MB);
}
