import { created, route } from "@/lib/api/route";
import { mugVariantBody } from "@/lib/schemas/articles";
import { idParams } from "@/lib/schemas/common";
import { createMugVariant } from "@/lib/services/article-variants";

export const POST = route({ access: "admin", params: idParams("mugId"), body: mugVariantBody }, async ({ params, body }) =>
  created(await createMugVariant(params.mugId, body)),
);
