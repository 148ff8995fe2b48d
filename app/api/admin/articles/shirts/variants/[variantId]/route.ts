import { route } from "@/lib/api/route";
import { shirtVariantBody } from "@/lib/schemas/articles";
import { idParams } from "@/lib/schemas/common";
import { deleteShirtVariant, updateShirtVariant } from "@/lib/services/article-variants";

const params = idParams("variantId");

export const PUT = route({ access: "admin", params, body: shirtVariantBody }, async ({ params, body }) =>
  updateShirtVariant(params.variantId, body),
);

export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteShirtVariant(params.variantId));
