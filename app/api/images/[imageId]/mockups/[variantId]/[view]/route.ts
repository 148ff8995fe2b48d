import { z } from "zod";
import { route } from "@/lib/api/route";
import { fileResponse } from "@/lib/api/file-response";
import { mockupParams } from "@/lib/schemas/mockups";
import { mockupFile, THUMBNAIL_WIDTHS } from "@/lib/services/images";

const query = z.object({
  key: z.string().max(100).optional(),
  /** The fingerprint, only so a new rendering has a new URL. */
  v: z.string().max(64).optional(),
  w: z
    .enum(THUMBNAIL_WIDTHS.map(String) as [string, ...string[]])
    .transform((w) => Number(w) as (typeof THUMBNAIL_WIDTHS)[number])
    .optional(),
});

// GET /api/images/{imageId}/mockups/{variantId}/{view} – the design on the mug; whoever may see the design, else 404
export const GET = route({ access: "public", withSession: true, params: mockupParams, query }, async ({ req, params, query, session }) =>
  fileResponse(await mockupFile(params, session, query.key, query.w), req.headers.get("if-none-match")),
);
