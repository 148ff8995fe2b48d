import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { categoryBodyDe } from "@/lib/schemas/category-tree";
import { deletePromptCategory, getPromptCategoryOrThrow, updatePromptCategory } from "@/lib/services/prompt-categories";

const params = idParams("categoryId");

export const GET = route({ access: "admin", params }, async ({ params, locale }) => getPromptCategoryOrThrow(params.categoryId, locale));

export const PUT = route({ access: "admin", params, body: categoryBodyDe }, async ({ params, body, locale }) =>
  updatePromptCategory(params.categoryId, body, locale),
);

export const DELETE = route({ access: "admin", params }, async ({ params }) => deletePromptCategory(params.categoryId));
