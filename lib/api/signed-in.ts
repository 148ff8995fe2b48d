import "server-only";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { pendingSetCookie } from "@/lib/auth/two-factor-pending";
import { twoFactorState } from "@/lib/services/two-factor";
import { publicUser, type SessionUser } from "@/lib/services/users";

/**
 * The answer to a proof by mail (a reset, a sign-up confirmation, a staff invitation): the session, or, for an
 * account with two-factor sign-in on, only the code step — a mailbox is no second factor.
 */
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
