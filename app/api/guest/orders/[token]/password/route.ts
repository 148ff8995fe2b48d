import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/api/client-ip";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { env } from "@/lib/env";
import { guestOrderParams, setPasswordBody } from "@/lib/schemas/guest-orders";
import { setGuestPassword } from "@/lib/services/orders/guest-link";
import { publicUser } from "@/lib/services/users";

export const POST = route({ access: "public", params: guestOrderParams, body: setPasswordBody }, async ({ req, params, body }) => {
  const user = await setGuestPassword(params.token, clientIp(req, env().TRUSTED_PROXY_COUNT), body.password);
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
});
