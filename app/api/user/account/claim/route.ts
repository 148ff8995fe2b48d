import { route } from "@/lib/api/route";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { setPasswordBody } from "@/lib/schemas/guest-orders";
import { claimOwnGuestAccount } from "@/lib/services/orders/guest-link";
import { publicUser } from "@/lib/services/users";

export const POST = route({ access: "user", body: setPasswordBody }, async ({ session, body }) => {
  const user = await claimOwnGuestAccount(session, body.password);
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
});
