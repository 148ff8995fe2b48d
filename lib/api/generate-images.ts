import "server-only";
import type { Session } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { IMAGE_BYTE_LIMITS } from "@/lib/integrations/images/intake";
import { generateFields } from "@/lib/schemas/images";
import { generateStyledImages, requesterFor } from "@/lib/services/generation";
import { clientIp } from "@/lib/request-context/client-ip";
import { formFields, formFile, readForm } from "./multipart";

export async function generateImagesFromRequest(req: Request, session: Session | null) {
  const form = await readForm(req, IMAGE_BYTE_LIMITS.editor);
  const fields = formFields(form, generateFields);
  const photo = await formFile(form, "image");
  const who = requesterFor(session, clientIp(req, env().TRUSTED_PROXY_COUNT));
  return generateStyledImages({ fields, photo, who });
}
