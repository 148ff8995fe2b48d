import { created, route } from "@/lib/api/route";
import { categoryBody } from "@/lib/schemas/article-categories";
import { createArticleCategory, listArticleCategories } from "@/lib/services/article-categories";

export const GET = route({ access: "admin" }, async ({ locale }) => listArticleCategories(locale));

export const POST = route({ access: "admin", body: categoryBody }, async ({ body }) => created(await createArticleCategory(body)));
