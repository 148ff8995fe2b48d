import { route } from "@/lib/api/route";
import { formFields, formFile, readForm } from "@/lib/api/multipart";
import { IMAGE_BYTE_LIMITS } from "@/lib/integrations/images/intake";
import { idParams } from "@/lib/schemas/common";
import { cropFromPrefixed } from "@/lib/schemas/images";
import { removeMugVariantImage, setMugVariantImage } from "@/lib/services/article-variants";

const params = idParams("variantId");

export const POST = route({ access: "admin", params }, async ({ params, req }) => {
  const form = await readForm(req, IMAGE_BYTE_LIMITS.catalogue);
  const crop = formFields(form, cropFromPrefixed);
  const bytes = await formFile(form, "image");
  return setMugVariantImage(params.variantId, bytes, crop);
});

export const DELETE = route({ access: "admin", params }, async ({ params }) => removeMugVariantImage(params.variantId));
