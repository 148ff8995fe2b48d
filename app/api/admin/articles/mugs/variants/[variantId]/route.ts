import { route } from "@/lib/api/route";
import { mugVariantBody } from "@/lib/schemas/articles";
import { idParams } from "@/lib/schemas/common";
import { deleteMugVariant, updateMugVariant } from "@/lib/services/article-variants";

const params = idParams("variantId");

// PUT /api/admin/articles/mugs/variants/{variantId} – replace a mug variant (isDefault moves the default here)
export const PUT = route({ access: "admin", params, body: mugVariantBody }, async ({ params, body }) =>
  updateMugVariant(params.variantId, body),
);

// DELETE /api/admin/articles/mugs/variants/{variantId} – delete; a variant used by orders or carts is deactivated ({ deleted, deactivated })
export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteMugVariant(params.variantId));
