import { created, route } from "@/lib/api/route";
import { categoryBodyDe } from "@/lib/schemas/category-tree";
import { createArticleCategory, listArticleCategories } from "@/lib/services/article-categories";

export const GET = route({ access: "admin" }, async ({ locale }) => listArticleCategories(locale));

export const POST = route({ access: "admin", body: categoryBodyDe }, async ({ body }) => created(await createArticleCategory(body)));
