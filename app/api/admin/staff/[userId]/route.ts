import { noContent, route } from "@/lib/api/route";
import { staffUserParams } from "@/lib/schemas/staff";
import { removeStaff } from "@/lib/services/staff";

export const DELETE = route({ access: "admin", params: staffUserParams }, async ({ params, session }) => {
  await removeStaff(params.userId, session.user.id);
  return noContent();
});
