import { noContent, route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { deleteUserImage } from "@/lib/services/user-images";

// DELETE /api/user/images/{imageId} – delete one of the caller's own images, row and file (anybody else's → 404)
export const DELETE = route({ access: "user", params: idParams("imageId") }, async ({ params, session }) => {
  await deleteUserImage(params.imageId, session);
  return noContent();
});
