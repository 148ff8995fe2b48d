import { z } from "zod";
import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { fileResponse } from "@/lib/api/file-response";
import { getViewableImageOrThrow, imageFile, THUMBNAIL_WIDTHS } from "@/lib/services/images";

const query = z.object({
  key: z.string().max(100).optional(),
  w: z
    .enum(THUMBNAIL_WIDTHS.map(String) as [string, ...string[]])
    .transform((w) => Number(w) as (typeof THUMBNAIL_WIDTHS)[number])
    .optional(),
});

export const GET = route(
  { access: "public", withSession: true, params: idParams("imageId"), query },
  async ({ req, params, query, session }) => {
    const image = await getViewableImageOrThrow(params.imageId, session, query.key);
    return fileResponse(imageFile(image, { width: query.w }), req.headers.get("if-none-match"));
  },
);
