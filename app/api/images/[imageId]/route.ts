import { z } from "zod";
import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { getViewableImageOrThrow, imageResponseFor } from "@/lib/services/images";

// GET /api/images/{imageId}[?key=] – image bytes: catalogue images for anyone (cached a year), others for their owner, an admin or the holder of the access key (else 404)
const query = z.object({ key: z.string().max(100).optional() });

export const GET = route({ access: "public", withSession: true, params: idParams("imageId"), query }, async ({ req, params, query, session }) => {
  const image = await getViewableImageOrThrow(params.imageId, session, query.key);
  return imageResponseFor(image, req.headers.get("if-none-match"));
});
