import { created, route } from "@/lib/api/route";
import { mugVariantBody } from "@/lib/schemas/articles";
import { idParams } from "@/lib/schemas/common";
import { createMugVariant } from "@/lib/services/article-variants";

// POST /api/admin/articles/mugs/{mugId}/variants – add a variant to a mug (its first variant becomes the default)
export const POST = route({ access: "admin", params: idParams("mugId"), body: mugVariantBody }, async ({ params, body }) =>
  created(await createMugVariant(params.mugId, body)),
);
