import { route } from "@/lib/api/route";
import { nameSearchQuery } from "@/lib/schemas/article-categories";
import { searchArticleSubcategories } from "@/lib/services/article-categories";

export const GET = route({ access: "admin", query: nameSearchQuery }, async ({ query, locale }) =>
  searchArticleSubcategories(query.name, locale),
);
