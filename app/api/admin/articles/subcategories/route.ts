import { created, route } from "@/lib/api/route";
import { subcategoryBodyDe } from "@/lib/schemas/category-tree";
import { createArticleSubcategory, listArticleSubcategories } from "@/lib/services/article-categories";

export const GET = route({ access: "admin" }, async ({ locale }) => listArticleSubcategories(locale));

export const POST = route({ access: "admin", body: subcategoryBodyDe }, async ({ body }) => created(await createArticleSubcategory(body)));
