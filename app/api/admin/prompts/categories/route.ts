import { created, route } from "@/lib/api/route";
import { categoryBodyDe } from "@/lib/schemas/category-tree";
import { createPromptCategory, listPromptCategories } from "@/lib/services/prompt-categories";

export const GET = route({ access: "admin" }, async ({ locale }) => listPromptCategories(locale));

export const POST = route({ access: "admin", body: categoryBodyDe }, async ({ body }) => created(await createPromptCategory(body)));
