import { created, route } from "@/lib/api/route";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { signInLinkBody } from "@/lib/schemas/account";
import { confirmRegistration } from "@/lib/services/account";
import { publicUser } from "@/lib/services/users";

// POST /api/auth/register/confirm – creates the customer account of a mailed sign-up link (address verified) and signs it in (201); invalid/expired/used → 404, address taken meanwhile → 409
export const POST = route({ access: "public", body: signInLinkBody }, async ({ body }) => {
  const user = await confirmRegistration(body.token);
  const res = created({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append("set-cookie", await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }));
  return res;
});
