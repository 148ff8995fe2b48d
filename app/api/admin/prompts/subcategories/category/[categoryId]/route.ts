import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { listPromptSubcategoriesOfCategory } from "@/lib/services/prompt-categories";

const params = idParams("categoryId");

// GET /api/admin/prompts/subcategories/category/{categoryId} – the subcategories of one prompt category, sorted by name
export const GET = route({ access: "admin", params }, async ({ params, locale }) =>
  listPromptSubcategoriesOfCategory(params.categoryId, locale),
);
