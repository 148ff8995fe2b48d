import { route } from "@/lib/api/route";
import { startEnrollment } from "@/lib/services/two-factor";

export const POST = route({ access: "admin", permission: "account", twoFactorSetup: true }, async ({ session }) =>
  startEnrollment({ id: session.user.id, email: session.user.email, roles: session.roles }),
);
