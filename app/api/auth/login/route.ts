import { route } from "@/lib/api/route";
import { loginBody } from "@/lib/schemas/auth";
import { verifyCredentials, publicUser } from "@/lib/services/users";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { clientIp } from "@/lib/api/client-ip";
import { env } from "@/lib/env";

// POST /api/auth/login – email + password; answers the user and roles and sets the session cookie
export const POST = route({ access: "public", body: loginBody }, async ({ req, body }) => {
  const user = await verifyCredentials(body.email, body.password, clientIp(req, env().TRUSTED_PROXY_COUNT));
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append("set-cookie", await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }));
  return res;
});
