import { route } from "@/lib/api/route";
import { updateArticleBody } from "@/lib/schemas/articles";
import { idParams } from "@/lib/schemas/common";
import { deleteArticle, getArticleOrThrow, updateArticle } from "@/lib/services/articles";

const params = idParams("articleId");

// GET /api/admin/articles/{articleId} – the article with details, price calculation (and shop price) and variants
export const GET = route({ access: "admin", params }, async ({ params }) => getArticleOrThrow(params.articleId));

// PUT /api/admin/articles/{articleId} – replace the article, its details and price calculation (the type cannot change)
export const PUT = route({ access: "admin", params, body: updateArticleBody }, async ({ params, body }) =>
  updateArticle(params.articleId, body),
);

// DELETE /api/admin/articles/{articleId} – delete; an article that orders or carts refer to is deactivated instead ({ deleted, deactivated })
export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteArticle(params.articleId));
