import { created, route } from "@/lib/api/route";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { confirmRegistrationBody } from "@/lib/schemas/account";
import { confirmRegistration } from "@/lib/services/account";
import { publicUser } from "@/lib/services/users";

// POST /api/auth/register/confirm – { token, password }: creates the customer account of a mailed sign-up link (address verified) and signs it in (201); wrong password → 422 (link kept, 5 tries); invalid/expired/used → 404, address taken meanwhile → 409
export const POST = route({ access: "public", body: confirmRegistrationBody }, async ({ body }) => {
  const user = await confirmRegistration(body.token, body.password);
  const res = created({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
});
