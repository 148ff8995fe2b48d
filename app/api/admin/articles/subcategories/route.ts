import { created, route } from "@/lib/api/route";
import { subcategoryBody } from "@/lib/schemas/article-categories";
import { createArticleSubcategory, listArticleSubcategories } from "@/lib/services/article-categories";

// GET /api/admin/articles/subcategories – every subcategory with its category name, sorted by name
export const GET = route({ access: "admin" }, async ({ locale }) => listArticleSubcategories(locale));

// POST /api/admin/articles/subcategories – create a subcategory in a category
export const POST = route({ access: "admin", body: subcategoryBody }, async ({ body }) => created(await createArticleSubcategory(body)));
