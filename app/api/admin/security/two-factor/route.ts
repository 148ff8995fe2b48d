import { route } from "@/lib/api/route";
import { twoFactorOverview } from "@/lib/services/two-factor";

export const GET = route({ access: "admin", permission: "account", twoFactorSetup: true }, async ({ session }) =>
  twoFactorOverview(session.user.id),
);
