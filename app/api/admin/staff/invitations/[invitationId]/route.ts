import { auditContext } from "@/lib/api/audit-client";
import { noContent, route } from "@/lib/api/route";
import { staffInvitationParams } from "@/lib/schemas/staff";
import { revokeStaffInvitation } from "@/lib/services/staff";

export const DELETE = route({ access: "admin", params: staffInvitationParams }, async ({ params, session, req }) => {
  await revokeStaffInvitation(params.invitationId, auditContext(session, req));
  return noContent();
});
