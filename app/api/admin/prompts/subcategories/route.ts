import { created, route } from "@/lib/api/route";
import { subcategoryBodyDe } from "@/lib/schemas/category-tree";
import { createPromptSubcategory, listPromptSubcategories } from "@/lib/services/prompt-categories";

export const GET = route({ access: "admin" }, async ({ locale }) => listPromptSubcategories(locale));

export const POST = route({ access: "admin", body: subcategoryBodyDe }, async ({ body }) => created(await createPromptSubcategory(body)));
