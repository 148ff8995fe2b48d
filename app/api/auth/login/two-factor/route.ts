import { auditClient } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { ApiError } from "@/lib/errors";
import { twoFactorSignInBody } from "@/lib/schemas/two-factor";
import { completeSecondFactor } from "@/lib/services/two-factor";
import { publicUser } from "@/lib/services/users";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { clearPendingCookie, pendingCookieName, readPendingToken } from "@/lib/auth/two-factor-pending";
import { readCookie } from "@/lib/auth/tokens";

export const POST = route({ access: "public", body: twoFactorSignInBody }, async ({ req, body }) => {
  const pending = readPendingToken(readCookie(req.headers.get("cookie"), pendingCookieName()));
  if (!pending) throw new ApiError(401, "errors.twoFactorSignInExpired");
  const user = await completeSecondFactor({ ...pending, ...body, client: auditClient(req) });
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  res.headers.append("set-cookie", clearPendingCookie());
  return res;
});
