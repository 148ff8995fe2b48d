import * as categories from "@/app/api/admin/prompts/categories/route";
import * as category from "@/app/api/admin/prompts/categories/[categoryId]/route";
import * as categorySearch from "@/app/api/admin/prompts/categories/search/route";
import * as subcategories from "@/app/api/admin/prompts/subcategories/route";
import * as subcategory from "@/app/api/admin/prompts/subcategories/[subcategoryId]/route";
import * as subcategorySearch from "@/app/api/admin/prompts/subcategories/search/route";
import * as subcategoriesOf from "@/app/api/admin/prompts/subcategories/category/[categoryId]/route";
import { getDb } from "@/db/client";
import { aiModels, prompts } from "@/db/schema";
import { categoryTree } from "./category-tree";

export { withDeleteTrigger } from "./delete-trigger";
export { admin, catParams, subParams, type Envelope } from "./category-tree";

export const HAS_SUBCATEGORIES = "Cannot delete category with subcategories. Please delete all subcategories first.";

export const promptTree = categoryTree<"promptCount">("/api/admin/prompts", "prompt", {
  categories,
  category,
  categorySearch,
  subcategories,
  subcategory,
  subcategorySearch,
  subcategoriesOf,
});
export const { createCategory, createSubcategory, listCategories, seedCategory, seedSubcategory } = promptTree;

export async function insertPrompt(categoryId: number, subcategoryId: number | null = null, archived = false): Promise<number> {
  const db = await getDb();
  const [model] = await db.select({ id: aiModels.id }).from(aiModels).limit(1);
  if (!model) throw new Error("seed has an AI model");
  const [row] = await db
    .insert(prompts)
    .values({ title: "Fixture prompt", categoryId, subcategoryId, llmId: model.id, archived, active: false })
    .returning({ id: prompts.id });
  if (!row) throw new Error("prompt inserted");
  return row.id;
}
export const LATE_PROMPT = (categoryId: string, subcategoryId = "NULL") =>
  `INSERT INTO prompts (title, category_id, subcategory_id, llm_id) VALUES ('Late prompt', ${categoryId}, ${subcategoryId}, (SELECT id FROM ai_models LIMIT 1))`;
