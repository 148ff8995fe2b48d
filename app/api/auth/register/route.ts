import { created, route } from "@/lib/api/route";
import { clientIp } from "@/lib/api/client-ip";
import { env } from "@/lib/env";
import { translate } from "@/lib/i18n/messages";
import { registerBody } from "@/lib/schemas/auth";
import { requestRegistration } from "@/lib/services/account";
import { publicUser, registerUser } from "@/lib/services/users";
import { sessionSetCookie } from "@/lib/auth/cookie";

// POST /api/auth/register – a customer sign-up answers 202 { checkMail } for every address and mails a confirmation link (or, for a known address, a mail to its owner); { guest: true } creates a guest account for one order and signs it in (201); REGISTRATIONS_PER_HOUR per client network
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
