import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { categoryBodyDe } from "@/lib/schemas/category-tree";
import { deleteArticleCategory, getArticleCategoryOrThrow, updateArticleCategory } from "@/lib/services/article-categories";

const params = idParams("categoryId");

export const GET = route({ access: "admin", params }, async ({ params, locale }) => getArticleCategoryOrThrow(params.categoryId, locale));

export const PUT = route({ access: "admin", params, body: categoryBodyDe }, async ({ params, body, locale }) =>
  updateArticleCategory(params.categoryId, body, locale),
);

export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteArticleCategory(params.categoryId));
