import { auditContext } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { shippingSettingsBody } from "@/lib/schemas/shipping";
import { getShippingSettings, saveShippingSettings } from "@/lib/services/shipping";

export const GET = route({ access: "admin" }, async () => getShippingSettings());

export const PUT = route({ access: "admin", body: shippingSettingsBody }, async ({ body, session, req }) =>
  saveShippingSettings(body, auditContext(session, req)),
);
