import { auditClient } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { pendingSetCookie } from "@/lib/auth/two-factor-pending";
import { resetPasswordBody } from "@/lib/schemas/account";
import { resetPassword } from "@/lib/services/account";
import { twoFactorState } from "@/lib/services/two-factor";
import { publicUser } from "@/lib/services/users";

export const POST = route({ access: "public", body: resetPasswordBody }, async ({ req, body }) => {
  const user = await resetPassword(body.token, body.password, auditClient(req));
  // A mailbox is no second factor: an account with two-factor sign-in on continues at the code step.
  if ((await twoFactorState(user.id)).enabled) {
    const res = Response.json({ twoFactorRequired: true });
    res.headers.append("set-cookie", pendingSetCookie(user));
    return res;
  }
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
});
