import { created, route } from "@/lib/api/route";
import { ApiError } from "@/lib/api/errors";
import { clientIp } from "@/lib/api/client-ip";
import { env } from "@/lib/env";
import { registerBody } from "@/lib/schemas/auth";
import { offerGuestClaim } from "@/lib/services/account";
import { publicUser, registerUser } from "@/lib/services/users";
import { sessionSetCookie } from "@/lib/auth/cookie";

// POST /api/auth/register – creates a customer account, or a guest account for one order ({ guest: true }), and signs it in (REGISTRATIONS_PER_HOUR per client address); an email with only guest accounts → 409 and the set-a-password link is mailed instead
export const POST = route({ access: "public", body: registerBody }, async ({ req, body, locale }) => {
  const ip = clientIp(req, env().TRUSTED_PROXY_COUNT);
  // A guest's email gets no second account: the guest accounts are turned into one through the mailed link.
  if (!body.guest && (await offerGuestClaim({ email: body.email, clientIp: ip, locale, requestUrl: req.url }))) {
    throw new ApiError(409, "errors.guestEmailRegistered");
  }
  const user = await registerUser(body, ip);
  const res = created({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append("set-cookie", await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }));
  return res;
});
