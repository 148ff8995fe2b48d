import { created, route } from "@/lib/api/route";
import { shirtVariantBody } from "@/lib/schemas/articles";
import { idParams } from "@/lib/schemas/common";
import { createShirtVariant } from "@/lib/services/article-variants";

export const POST = route({ access: "admin", params: idParams("shirtId"), body: shirtVariantBody }, async ({ params, body }) =>
  created(await createShirtVariant(params.shirtId, body)),
);
