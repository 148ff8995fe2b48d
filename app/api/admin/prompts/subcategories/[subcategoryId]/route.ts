import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { subcategoryBodyDe } from "@/lib/schemas/category-tree";
import { deletePromptSubcategory, getPromptSubcategoryOrThrow, updatePromptSubcategory } from "@/lib/services/prompt-categories";

const params = idParams("subcategoryId");

// GET /api/admin/prompts/subcategories/{subcategoryId} – one prompt subcategory
export const GET = route({ access: "admin", params }, async ({ params, locale }) =>
  getPromptSubcategoryOrThrow(params.subcategoryId, locale),
);

// PUT /api/admin/prompts/subcategories/{subcategoryId} – replace name, description (English and German) and category (no move while prompts use it)
export const PUT = route({ access: "admin", params, body: subcategoryBodyDe }, async ({ params, body, locale }) =>
  updatePromptSubcategory(params.subcategoryId, body, locale),
);

// DELETE /api/admin/prompts/subcategories/{subcategoryId} – delete; 409 while prompts use it
export const DELETE = route({ access: "admin", params }, async ({ params }) => deletePromptSubcategory(params.subcategoryId));
