import { route } from "@/lib/api/route";
import { variantsCatalogQuery } from "@/lib/schemas/articles";
import { listVariantsCatalog } from "@/lib/services/article-variants";

export const GET = route({ access: "admin", query: variantsCatalogQuery }, async ({ query }) => listVariantsCatalog(query.excludeMugId));
