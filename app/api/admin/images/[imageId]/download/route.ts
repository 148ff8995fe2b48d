import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { getViewableImageOrThrow, imageResponseFor } from "@/lib/services/images";

// GET /api/admin/images/{imageId}/download – the stored bytes of any image as an attachment (404 unknown)
export const GET = route({ access: "admin", params: idParams("imageId") }, async ({ params, session }) => {
  const image = await getViewableImageOrThrow(params.imageId, session);
  const extension = image.mimeType.replace(/^image\//, "").replace(/[^a-z0-9]/g, "") || "bin";
  return imageResponseFor(image, null, `image-${image.id}.${extension}`);
});
