import { auditContext } from "@/lib/api/audit-client";
import { noContent, route } from "@/lib/api/route";
import { staffUserParams } from "@/lib/schemas/staff";
import { removeStaff } from "@/lib/services/staff";

export const DELETE = route({ access: "admin", params: staffUserParams }, async ({ params, session, req }) => {
  await removeStaff(params.userId, auditContext(session, req));
  return noContent();
});
