import { route } from "@/lib/api/route";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { deviceSetCookie } from "@/lib/auth/device";
import { signInLinkBody } from "@/lib/schemas/account";
import { redeemSignInLink } from "@/lib/services/account";
import { publicUser } from "@/lib/services/users";

export const POST = route({ access: "public", body: signInLinkBody }, async ({ body }) => {
  const user = await redeemSignInLink(body.token);
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  // The browser that proved the mailbox becomes a known device: its own sign-in budget from now on.
  res.headers.append("set-cookie", deviceSetCookie(user.email));
  return res;
});
