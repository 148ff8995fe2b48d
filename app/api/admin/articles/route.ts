import { created, route } from "@/lib/api/route";
import { createArticleBody, listArticlesQuery } from "@/lib/schemas/articles";
import { createArticle, listArticles } from "@/lib/services/articles";

export const GET = route({ access: "admin", query: listArticlesQuery }, async ({ query, locale }) => listArticles(query, locale));

export const POST = route({ access: "admin", body: createArticleBody }, async ({ body }) => created(await createArticle(body)));
