import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { listPromptSubcategoriesOfCategory } from "@/lib/services/prompt-categories";

const params = idParams("categoryId");

export const GET = route({ access: "admin", params }, async ({ params, locale }) =>
  listPromptSubcategoriesOfCategory(params.categoryId, locale),
);
