import "server-only";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { pendingSetCookie } from "@/lib/auth/two-factor-pending";
import { twoFactorState } from "@/lib/services/two-factor";
import { publicUser, type SessionUser } from "@/lib/services/users";

/** A mailbox is no second factor: with two-factor sign-in on, a proof by mail yields only the code step. */
export async function signedInAnswer(user: SessionUser, status = 200): Promise<Response> {
  if ((await twoFactorState(user.id)).enabled) {
    const res = Response.json({ twoFactorRequired: true }, { status: 200 });
    res.headers.append("set-cookie", pendingSetCookie(user));
    return res;
  }
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles }, { status });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
}
