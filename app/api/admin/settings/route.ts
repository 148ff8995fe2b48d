import { auditContext } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { sellerSettingsBody } from "@/lib/schemas/seller-settings";
import { getSellerSettings, saveSellerSettings } from "@/lib/services/orders/invoicing/seller-settings";

export const GET = route({ access: "admin" }, async () => getSellerSettings());

export const PUT = route({ access: "admin", body: sellerSettingsBody }, async ({ body, session, req }) =>
  saveSellerSettings(body, auditContext(session, req)),
);
