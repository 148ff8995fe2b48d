import { noContent, route } from "@/lib/api/route";
import { staffInvitationParams } from "@/lib/schemas/staff";
import { revokeStaffInvitation } from "@/lib/services/staff";

export const DELETE = route({ access: "admin", params: staffInvitationParams }, async ({ params }) => {
  await revokeStaffInvitation(params.invitationId);
  return noContent();
});
