import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { categoryBody } from "@/lib/schemas/article-categories";
import { deleteArticleCategory, getArticleCategoryOrThrow, updateArticleCategory } from "@/lib/services/article-categories";

const params = idParams("categoryId");

// GET /api/admin/articles/categories/{categoryId} – one category with its subcategories
export const GET = route({ access: "admin", params }, async ({ params, locale }) => getArticleCategoryOrThrow(params.categoryId, locale));

// PUT /api/admin/articles/categories/{categoryId} – replace name and description
export const PUT = route({ access: "admin", params, body: categoryBody }, async ({ params, body, locale }) =>
  updateArticleCategory(params.categoryId, body, locale),
);

// DELETE /api/admin/articles/categories/{categoryId} – delete; 409 while it has subcategories or articles
export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteArticleCategory(params.categoryId));
