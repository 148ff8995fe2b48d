import { route } from "@/lib/api/route";
import { loginBody } from "@/lib/schemas/auth";
import { verifyCredentials, publicUser } from "@/lib/services/users";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { DEVICE_COOKIE, deviceSetCookie } from "@/lib/auth/device";
import { readCookie } from "@/lib/auth/tokens";
import { auditClient } from "@/lib/api/audit-client";
import { clientIp } from "@/lib/api/client-ip";
import { env } from "@/lib/env";

export const POST = route({ access: "public", body: loginBody }, async ({ req, body }) => {
  const device = readCookie(req.headers.get("cookie"), DEVICE_COOKIE);
  const user = await verifyCredentials(body.email, body.password, clientIp(req, env().TRUSTED_PROXY_COUNT), device, auditClient(req));
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  res.headers.append("set-cookie", deviceSetCookie(user.email, user.deviceId));
  return res;
});
