import { noContent, route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { deleteUserImage, getUserImageDetail } from "@/lib/services/images";

// GET /api/user/images/{imageId} – one of the caller's own images with its prompt, for "put on a mug" (anybody else's → 404)
export const GET = route({ access: "user", params: idParams("imageId") }, async ({ params, session }) => {
  const image = await getUserImageDetail(params.imageId, session);
  return Response.json(image, { headers: { "cache-control": "private, no-store" } });
});

// DELETE /api/user/images/{imageId} – delete one of the caller's own images, row and file (anybody else's → 404)
export const DELETE = route({ access: "user", params: idParams("imageId") }, async ({ params, session }) => {
  await deleteUserImage(params.imageId, session);
  return noContent();
});
