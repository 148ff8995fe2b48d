import { route } from "@/lib/api/route";
import { readForm } from "@/lib/api/multipart";
import { IMAGE_BYTE_LIMITS } from "@/lib/integrations/images/intake";
import { readTestForm, runAiTest } from "@/lib/services/ai-test";

export const POST = route({ access: "admin" }, async ({ req, session, locale }) => {
  const form = await readForm(req, IMAGE_BYTE_LIMITS.editor);
  const { fields, photo } = await readTestForm(form);
  return runAiTest({ fields, photo, session, locale, signal: req.signal });
});
