import { clientIp, clientNetwork } from "@/lib/request-context/client-ip";
import { created, route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { formFields, formFile, readForm } from "@/lib/api/multipart";
import { IMAGE_BYTE_LIMITS } from "@/lib/integrations/images/intake";
import { editedImageFields } from "@/lib/schemas/user-images";
import { storeEditedImage } from "@/lib/services/images";

export const POST = route({ access: "user" }, async ({ req, session }) => {
  const form = await readForm(req, IMAGE_BYTE_LIMITS.edited);
  const { generatedImageId } = formFields(form, editedImageFields);
  const bytes = await formFile(form, "image");
  return created(await storeEditedImage(session, generatedImageId, bytes, clientNetwork(clientIp(req, env().TRUSTED_PROXY_COUNT))));
});
