import { created, route } from "@/lib/api/route";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { confirmRegistrationBody } from "@/lib/schemas/account";
import { confirmRegistration } from "@/lib/services/account";
import { publicUser } from "@/lib/services/users";

export const POST = route({ access: "public", body: confirmRegistrationBody }, async ({ body }) => {
  const user = await confirmRegistration(body.token, body.password);
  const res = created({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
});
