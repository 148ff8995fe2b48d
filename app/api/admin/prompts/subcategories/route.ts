import { created, route } from "@/lib/api/route";
import { subcategoryBodyDe } from "@/lib/schemas/category-tree";
import { createPromptSubcategory, listPromptSubcategories } from "@/lib/services/prompt-categories";

// GET /api/admin/prompts/subcategories – every prompt subcategory with its category name, sorted by name
export const GET = route({ access: "admin" }, async ({ locale }) => listPromptSubcategories(locale));

// POST /api/admin/prompts/subcategories – create a subcategory in a prompt category (optional German name and description)
export const POST = route({ access: "admin", body: subcategoryBodyDe }, async ({ body }) => created(await createPromptSubcategory(body)));
