import { route } from "@/lib/api/route";
import { endSessions } from "@/lib/services/users";
import { clearSessionCookie } from "@/lib/auth/cookie";

export const POST = route({ access: "public", withSession: true }, async ({ session }) => {
  if (session) await endSessions(session.user.id);
  const res = Response.json({ authenticated: false, user: null, roles: [] });
  res.headers.append("set-cookie", clearSessionCookie());
  return res;
});
