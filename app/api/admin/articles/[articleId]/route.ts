import { route } from "@/lib/api/route";
import { updateArticleBody } from "@/lib/schemas/articles";
import { idParams } from "@/lib/schemas/common";
import { deleteArticle, getArticleOrThrow, updateArticle } from "@/lib/services/articles";

const params = idParams("articleId");

export const GET = route({ access: "admin", params }, async ({ params }) => getArticleOrThrow(params.articleId));

export const PUT = route({ access: "admin", params, body: updateArticleBody }, async ({ params, body }) =>
  updateArticle(params.articleId, body),
);

export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteArticle(params.articleId));
