import { created, route } from "@/lib/api/route";
import { categoryBodyDe } from "@/lib/schemas/category-tree";
import { createPromptCategory, listPromptCategories } from "@/lib/services/prompt-categories";

// GET /api/admin/prompts/categories – every prompt category with its subcategories and counts, sorted by name
export const GET = route({ access: "admin" }, async ({ locale }) => listPromptCategories(locale));

// POST /api/admin/prompts/categories – create a prompt category (optional German name and description)
export const POST = route({ access: "admin", body: categoryBodyDe }, async ({ body }) => created(await createPromptCategory(body)));
