import { route } from "@/lib/api/route";
import { twoFactorConfirmBody } from "@/lib/schemas/two-factor";
import { regenerateRecoveryCodes } from "@/lib/services/two-factor";

export const POST = route({ access: "admin", permission: "account", twoFactorSetup: true, body: twoFactorConfirmBody }, async ({ session, body }) =>
  regenerateRecoveryCodes({ id: session.user.id, email: session.user.email, roles: session.roles }, body.password, body.code),
);
