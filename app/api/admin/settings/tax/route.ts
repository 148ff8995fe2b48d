import { auditContext } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { taxSettingsBody } from "@/lib/schemas/tax-settings";
import { getTaxSettings, setTaxSettings } from "@/lib/services/tax-settings";

export const GET = route({ access: "admin" }, async () => getTaxSettings());

export const PUT = route({ access: "admin", body: taxSettingsBody }, async ({ body, session, req }) =>
  setTaxSettings(body, auditContext(session, req)),
);
