import { z } from "zod";
import { created, route } from "@/lib/api/route";
import { formFields, formFile, readForm } from "@/lib/api/multipart";
import { IMAGE_BYTE_LIMITS, type ImageUse } from "@/lib/integrations/images/intake";
import { ADMIN_IMAGE_TYPES, adminImageFields, cropFromPrefixed } from "@/lib/schemas/images";
import { storeImage, toImageDto } from "@/lib/services/images";

const USE_OF: Record<(typeof ADMIN_IMAGE_TYPES)[number], ImageUse> = {
  PROMPT_EXAMPLE: "catalogue",
  MUG_VARIANT_EXAMPLE: "catalogue",
  SHIRT_VARIANT_EXAMPLE: "catalogue",
  SLOT_VARIANT_EXAMPLE: "slot",
};

/** imageType and the optional crop, validated together so one answer names every bad field. */
const uploadFields = z.intersection(
  adminImageFields,
  cropFromPrefixed.transform((crop) => ({ crop })),
);

export const POST = route({ access: "admin" }, async ({ req }) => {
  const form = await readForm(req, IMAGE_BYTE_LIMITS.catalogue);
  const { imageType, crop } = formFields(form, uploadFields);
  const bytes = await formFile(form, "file");
  const row = await storeImage({ bytes, use: USE_OF[imageType], format: "webp", type: "CATALOGUE", ownerId: null, crop });
  return created(toImageDto(row));
});
