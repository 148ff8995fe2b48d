import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { subcategoryBodyDe } from "@/lib/schemas/category-tree";
import { deletePromptSubcategory, getPromptSubcategoryOrThrow, updatePromptSubcategory } from "@/lib/services/prompt-categories";

const params = idParams("subcategoryId");

export const GET = route({ access: "admin", params }, async ({ params, locale }) =>
  getPromptSubcategoryOrThrow(params.subcategoryId, locale),
);

export const PUT = route({ access: "admin", params, body: subcategoryBodyDe }, async ({ params, body, locale }) =>
  updatePromptSubcategory(params.subcategoryId, body, locale),
);

export const DELETE = route({ access: "admin", params }, async ({ params }) => deletePromptSubcategory(params.subcategoryId));
