import { created, route } from "@/lib/api/route";
import { categoryBody } from "@/lib/schemas/prompt-categories";
import { createPromptCategory, listPromptCategories } from "@/lib/services/prompt-categories";

// GET /api/admin/prompts/categories – every prompt category with its subcategories and counts, sorted by name
export const GET = route({ access: "admin" }, async ({ locale }) => listPromptCategories(locale));

// POST /api/admin/prompts/categories – create a prompt category
export const POST = route({ access: "admin", body: categoryBody }, async ({ body }) => created(await createPromptCategory(body)));
