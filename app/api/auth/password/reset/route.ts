import { auditClient } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { resetPasswordBody } from "@/lib/schemas/account";
import { resetPassword } from "@/lib/services/account";
import { publicUser } from "@/lib/services/users";

export const POST = route({ access: "public", body: resetPasswordBody }, async ({ req, body }) => {
  const user = await resetPassword(body.token, body.password, auditClient(req));
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
});
