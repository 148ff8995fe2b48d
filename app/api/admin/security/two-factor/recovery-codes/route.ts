import { auditClient } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { twoFactorConfirmBody } from "@/lib/schemas/two-factor";
import { regenerateRecoveryCodes } from "@/lib/services/two-factor";

export const POST = route(
  { access: "admin", permission: "account", twoFactorSetup: true, body: twoFactorConfirmBody },
  async ({ session, body, req }) =>
    regenerateRecoveryCodes(
      { id: session.user.id, email: session.user.email, roles: session.roles, client: auditClient(req) },
      body.password,
      body.code,
    ),
);
