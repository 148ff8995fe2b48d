import { route } from "@/lib/api/route";
import { variantsCatalogQuery } from "@/lib/schemas/articles";
import { listVariantsCatalog } from "@/lib/services/article-variants";

// GET /api/admin/articles/mugs/variants-catalog?excludeMugId= – every mug's variants grouped by mug (copy-variants dialog)
export const GET = route({ access: "admin", query: variantsCatalogQuery }, async ({ query }) => listVariantsCatalog(query.excludeMugId));
