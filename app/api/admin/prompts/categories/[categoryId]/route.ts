import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { categoryBodyDe } from "@/lib/schemas/category-tree";
import { deletePromptCategory, getPromptCategoryOrThrow, updatePromptCategory } from "@/lib/services/prompt-categories";

const params = idParams("categoryId");

// GET /api/admin/prompts/categories/{categoryId} – one prompt category with its subcategories
export const GET = route({ access: "admin", params }, async ({ params, locale }) => getPromptCategoryOrThrow(params.categoryId, locale));

// PUT /api/admin/prompts/categories/{categoryId} – replace name and description (English and German)
export const PUT = route({ access: "admin", params, body: categoryBodyDe }, async ({ params, body, locale }) =>
  updatePromptCategory(params.categoryId, body, locale),
);

// DELETE /api/admin/prompts/categories/{categoryId} – delete; 409 while it has subcategories or prompts
export const DELETE = route({ access: "admin", params }, async ({ params }) => deletePromptCategory(params.categoryId));
