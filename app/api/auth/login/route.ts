import { route } from "@/lib/api/route";
import { loginBody } from "@/lib/schemas/auth";
import { verifyCredentials, publicUser } from "@/lib/services/users";
import { afterPassword, TWO_FACTOR_PAGE } from "@/lib/services/two-factor";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { DEVICE_COOKIE, deviceSetCookie } from "@/lib/auth/device";
import { pendingSetCookie } from "@/lib/auth/two-factor-pending";
import { readCookie } from "@/lib/auth/tokens";
import { auditClient } from "@/lib/api/audit-client";
import { clientIp } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";

export const POST = route({ access: "public", body: loginBody }, async ({ req, body }) => {
  const device = readCookie(req.headers.get("cookie"), DEVICE_COOKIE);
  const user = await verifyCredentials(body.email, body.password, clientIp(req, env().TRUSTED_PROXY_COUNT), device, auditClient(req));
  const next = await afterPassword(user);
  const res = next.secondFactor
    ? Response.json({ twoFactorRequired: true })
    : Response.json({
        authenticated: true,
        user: publicUser(user),
        roles: user.roles,
        ...(next.setup && { twoFactorSetup: next.setup, next: `${TWO_FACTOR_PAGE}?setup=${next.setup}` }),
      });
  res.headers.append(
    "set-cookie",
    next.secondFactor
      ? pendingSetCookie(user)
      : await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  res.headers.append("set-cookie", deviceSetCookie(user.email, user.deviceId));
  return res;
});
