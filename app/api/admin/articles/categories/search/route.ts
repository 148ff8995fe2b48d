import { route } from "@/lib/api/route";
import { nameSearchQuery } from "@/lib/schemas/article-categories";
import { searchArticleCategories } from "@/lib/services/article-categories";

// GET /api/admin/articles/categories/search?name= – categories whose name contains the text (case-insensitive)
export const GET = route({ access: "admin", query: nameSearchQuery }, async ({ query, locale }) =>
  searchArticleCategories(query.name, locale),
);
