import { route } from "@/lib/api/route";
import { nameSearchQuery } from "@/lib/schemas/article-categories";
import { searchArticleSubcategories } from "@/lib/services/article-categories";

// GET /api/admin/articles/subcategories/search?name= – subcategories whose name contains the text (case-insensitive)
export const GET = route({ access: "admin", query: nameSearchQuery }, async ({ query, locale }) =>
  searchArticleSubcategories(query.name, locale),
);
