import { route } from "@/lib/api/route";
import { mugVariantBody } from "@/lib/schemas/articles";
import { idParams } from "@/lib/schemas/common";
import { deleteMugVariant, updateMugVariant } from "@/lib/services/article-variants";

const params = idParams("variantId");

export const PUT = route({ access: "admin", params, body: mugVariantBody }, async ({ params, body }) =>
  updateMugVariant(params.variantId, body),
);

export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteMugVariant(params.variantId));
