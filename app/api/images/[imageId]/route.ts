import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { getViewableImageOrThrow, imageResponseFor } from "@/lib/services/images";

// GET /api/images/{imageId} – image bytes: catalogue images for anyone (cached a year), others only for their owner or an admin (else 404)
export const GET = route({ access: "public", withSession: true, params: idParams("imageId") }, async ({ req, params, session }) => {
  const image = await getViewableImageOrThrow(params.imageId, session);
  return imageResponseFor(image, req.headers.get("if-none-match"));
});
