import { auditClient } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { twoFactorEnableBody } from "@/lib/schemas/two-factor";
import { confirmEnrollment } from "@/lib/services/two-factor";

export const POST = route(
  { access: "admin", permission: "account", twoFactorSetup: true, body: twoFactorEnableBody },
  async ({ session, body, req }) =>
    confirmEnrollment({ id: session.user.id, email: session.user.email, roles: session.roles, client: auditClient(req) }, body.code),
);
