import { created, route } from "@/lib/api/route";
import { createArticleBody, listArticlesQuery } from "@/lib/schemas/articles";
import { createArticle, listArticles } from "@/lib/services/articles";

// GET /api/admin/articles – one page of articles (filters type, categoryId, subcategoryId, active, q; sort; page/pageSize) with the total
export const GET = route({ access: "admin", query: listArticlesQuery }, async ({ query }) => listArticles(query));

// POST /api/admin/articles – create an article with its details, price calculation and variants, in one transaction
export const POST = route({ access: "admin", body: createArticleBody }, async ({ body }) => created(await createArticle(body)));
