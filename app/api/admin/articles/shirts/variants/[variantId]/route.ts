import { route } from "@/lib/api/route";
import { shirtVariantBody } from "@/lib/schemas/articles";
import { idParams } from "@/lib/schemas/common";
import { deleteShirtVariant, updateShirtVariant } from "@/lib/services/article-variants";

const params = idParams("variantId");

// PUT /api/admin/articles/shirts/variants/{variantId} – replace a shirt variant
export const PUT = route({ access: "admin", params, body: shirtVariantBody }, async ({ params, body }) =>
  updateShirtVariant(params.variantId, body),
);

// DELETE /api/admin/articles/shirts/variants/{variantId} – delete; 409 when orders or carts use it
export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteShirtVariant(params.variantId));
