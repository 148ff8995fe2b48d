import { created, route } from "@/lib/api/route";
import { clientIp } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";
import { translate } from "@/lib/i18n/messages";
import { registerBody } from "@/lib/schemas/auth";
import { requestRegistration } from "@/lib/services/account";
import { publicUser, registerUser } from "@/lib/services/users";
import { sessionSetCookie } from "@/lib/auth/cookie";

export const POST = route({ access: "public", body: registerBody }, async ({ req, body, locale }) => {
  const ip = clientIp(req, env().TRUSTED_PROXY_COUNT);
  if (!body.guest) {
    await requestRegistration(body, { email: body.email, clientIp: ip, locale, requestUrl: req.url });
    return Response.json({ checkMail: true, message: translate(locale, "account.registerCheckMail") }, { status: 202 });
  }
  const user = await registerUser(body, ip);
  const res = created({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
});
