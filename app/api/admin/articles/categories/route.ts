import { created, route } from "@/lib/api/route";
import { categoryBody } from "@/lib/schemas/article-categories";
import { createArticleCategory, listArticleCategories } from "@/lib/services/article-categories";

// GET /api/admin/articles/categories – every category with its subcategories and counts, sorted by name
export const GET = route({ access: "admin" }, async ({ locale }) => listArticleCategories(locale));

// POST /api/admin/articles/categories – create a category
export const POST = route({ access: "admin", body: categoryBody }, async ({ body }) => created(await createArticleCategory(body)));
