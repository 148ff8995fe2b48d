import { auditContext } from "@/lib/api/audit-client";
import { formFile, readForm } from "@/lib/api/multipart";
import { route } from "@/lib/api/route";
import { LOGO_BYTE_LIMIT } from "@/lib/integrations/images/logo";
import { deleteBrandLogo, setBrandLogo } from "@/lib/services/brand";

export const POST = route({ access: "admin" }, async ({ req, session }) => {
  const form = await readForm(req, LOGO_BYTE_LIMIT);
  return setBrandLogo(await formFile(form, "file"), auditContext(session, req));
});

export const DELETE = route({ access: "admin" }, async ({ req, session }) => deleteBrandLogo(auditContext(session, req)));
