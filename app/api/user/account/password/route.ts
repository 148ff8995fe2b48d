import { auditClient } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { translate } from "@/lib/i18n/messages";
import { changePasswordBody } from "@/lib/schemas/account";
import { changePassword } from "@/lib/services/account";

export const PUT = route({ access: "user", body: changePasswordBody }, async ({ req, session, body, locale }) => {
  const user = await changePassword(session.user.id, body.currentPassword, body.newPassword, auditClient(req));
  const res = Response.json({ message: translate(locale, "account.passwordChanged") });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
});
