import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { subcategoryBody } from "@/lib/schemas/article-categories";
import { deleteArticleSubcategory, getArticleSubcategoryOrThrow, updateArticleSubcategory } from "@/lib/services/article-categories";

const params = idParams("subcategoryId");

// GET /api/admin/articles/subcategories/{subcategoryId} – one subcategory
export const GET = route({ access: "admin", params }, async ({ params, locale }) =>
  getArticleSubcategoryOrThrow(params.subcategoryId, locale),
);

// PUT /api/admin/articles/subcategories/{subcategoryId} – replace name, description and category (no move while articles use it)
export const PUT = route({ access: "admin", params, body: subcategoryBody }, async ({ params, body, locale }) =>
  updateArticleSubcategory(params.subcategoryId, body, locale),
);

// DELETE /api/admin/articles/subcategories/{subcategoryId} – delete; 409 while articles use it
export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteArticleSubcategory(params.subcategoryId));
