import { noContent, route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { deleteUserImage, getUserImageDetail } from "@/lib/services/images";

export const GET = route({ access: "user", params: idParams("imageId") }, async ({ params, session }) => {
  const image = await getUserImageDetail(params.imageId, session);
  return Response.json(image, { headers: { "cache-control": "private, no-store" } });
});

export const DELETE = route({ access: "user", params: idParams("imageId") }, async ({ params, session }) => {
  await deleteUserImage(params.imageId, session);
  return noContent();
});
