import { route } from "@/lib/api/route";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { resetPasswordBody } from "@/lib/schemas/account";
import { resetPassword } from "@/lib/services/account";
import { publicUser } from "@/lib/services/users";

// POST /api/auth/password/reset – sets the password with a mailed single-use token (a guest-only email becomes a customer account) and signs in; other sessions end; invalid/expired/used → 404
export const POST = route({ access: "public", body: resetPasswordBody }, async ({ body }) => {
  const user = await resetPassword(body.token, body.password);
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
});
