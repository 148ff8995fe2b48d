import { created, route } from "@/lib/api/route";
import { subcategoryBody } from "@/lib/schemas/article-categories";
import { createArticleSubcategory, listArticleSubcategories } from "@/lib/services/article-categories";

export const GET = route({ access: "admin" }, async ({ locale }) => listArticleSubcategories(locale));

export const POST = route({ access: "admin", body: subcategoryBody }, async ({ body }) => created(await createArticleSubcategory(body)));
