import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { listArticleSubcategoriesOfCategory } from "@/lib/services/article-categories";

const params = idParams("categoryId");

// GET /api/admin/articles/subcategories/category/{categoryId} – the subcategories of one category, sorted by name
export const GET = route({ access: "admin", params }, async ({ params, locale }) =>
  listArticleSubcategoriesOfCategory(params.categoryId, locale),
);
