import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/api/client-ip";
import { formFields, formFile, readForm } from "@/lib/api/multipart";
import { env } from "@/lib/env";
import { IMAGE_BYTE_LIMITS } from "@/lib/integrations/images/intake";
import { generateFields } from "@/lib/schemas/images";
import { generateStyledImages, requesterFor } from "@/lib/services/generation";

// POST /api/user/ai/images/generate – multipart (image, promptId, mugId, optional x/y/width/height, jobId): styled images for the signed-in user
export const POST = route({ access: "user" }, async ({ req, session }) => {
  const form = await readForm(req, IMAGE_BYTE_LIMITS.editor);
  const fields = formFields(form, generateFields);
  const photo = await formFile(form, "image");
  const who = requesterFor(session, clientIp(req, env().TRUSTED_PROXY_COUNT));
  // The job runs to its end even if the caller leaves (it answers GET /api/generations/{jobId} then).
  return generateStyledImages({ fields, photo, who });
});
