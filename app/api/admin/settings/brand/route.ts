import { auditContext } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { brandBody } from "@/lib/schemas/brand";
import { getBrandSettings, saveBrand } from "@/lib/services/brand";

export const GET = route({ access: "admin" }, async () => getBrandSettings());

export const PUT = route({ access: "admin", body: brandBody }, async ({ body, session, req }) =>
  saveBrand(body, auditContext(session, req)),
);
