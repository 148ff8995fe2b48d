import { auditContext } from "@/lib/api/audit-client";
import { created, route } from "@/lib/api/route";
import { staffInviteBody } from "@/lib/schemas/staff";
import { inviteStaff, listStaff } from "@/lib/services/staff";

export const GET = route({ access: "admin" }, async () => listStaff());

export const POST = route({ access: "admin", body: staffInviteBody }, async ({ req, body, session, locale }) => {
  const name = [session.user.firstName, session.user.lastName].filter(Boolean).join(" ") || session.user.email;
  return created(
    await inviteStaff(body, { invitedBy: { id: session.user.id, name }, locale, requestUrl: req.url }, auditContext(session, req)),
  );
});
