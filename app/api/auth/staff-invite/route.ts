import { auditClient } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { sessionSetCookie } from "@/lib/auth/cookie";
import { staffAcceptBody } from "@/lib/schemas/staff";
import { acceptStaffInvitation } from "@/lib/services/staff";
import { publicUser } from "@/lib/services/users";

export const POST = route({ access: "public", body: staffAcceptBody }, async ({ req, body }) => {
  const user = await acceptStaffInvitation(body, auditClient(req));
  const res = Response.json({ authenticated: true, user: publicUser(user), roles: user.roles });
  res.headers.append(
    "set-cookie",
    await sessionSetCookie({ sub: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion }),
  );
  return res;
});
