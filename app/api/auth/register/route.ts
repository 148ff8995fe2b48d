import { created, route } from "@/lib/api/route";
import { clientIp } from "@/lib/api/client-ip";
import { env } from "@/lib/env";
import { registerBody } from "@/lib/schemas/auth";
import { publicUser, registerUser } from "@/lib/services/users";
import { sessionSetCookie } from "@/lib/auth/cookie";

// POST /api/auth/register – creates a customer account, or a guest account for one order ({ guest: true }), and signs it in (REGISTRATIONS_PER_HOUR per client address)
export const POST = route({ access: "public", body: registerBody }, async ({ req, body }) => {
  const user = await registerUser(body, clientIp(req, env().TRUSTED_PROXY_COUNT));
  const res = created({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append("set-cookie", await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }));
  return res;
});
