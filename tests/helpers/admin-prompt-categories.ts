// Shared calls and fixtures of the /api/admin/prompts/categories and /subcategories tests
// (tests/api/admin-prompt-categories-*.test.ts, admin-prompt-subcategories.test.ts).
import { call, loginAs } from "./api";
import * as categories from "@/app/api/admin/prompts/categories/route";
import * as subcategories from "@/app/api/admin/prompts/subcategories/route";
import { getDb } from "@/db/client";
import { aiModels, prompts } from "@/db/schema";
import type { PromptCategoryDto, PromptSubcategoryDto } from "@/lib/schemas/prompt-categories";

export { withDeleteTrigger } from "./delete-trigger";

export type Envelope = { message: string; errors?: Record<string, string> };

export const admin = () => loginAs("admin");
export const catParams = (id: number | string) => ({ categoryId: String(id) });
export const subParams = (id: number | string) => ({ subcategoryId: String(id) });
export const HAS_SUBCATEGORIES = "Cannot delete category with subcategories. Please delete all subcategories first.";

export async function createCategory(body: Record<string, unknown>) {
  return call<PromptCategoryDto>(categories.POST, { method: "POST", path: "/api/admin/prompts/categories", body, cookie: await admin() });
}
export async function createSubcategory(body: Record<string, unknown>) {
  return call<PromptSubcategoryDto>(subcategories.POST, {
    method: "POST",
    path: "/api/admin/prompts/subcategories",
    body,
    cookie: await admin(),
  });
}
export async function listCategories() {
  return (await call<PromptCategoryDto[]>(categories.GET, { path: "/api/admin/prompts/categories", cookie: await admin() })).body;
}
export async function seedCategory(name: string): Promise<PromptCategoryDto> {
  const found = (await listCategories()).find((c) => c.name === name);
  if (!found) throw new Error(`seed has the prompt category ${name}`);
  return found;
}
export async function seedSubcategory(categoryName: string, name: string): Promise<PromptSubcategoryDto> {
  const found = (await seedCategory(categoryName)).subcategories.find((s) => s.name === name);
  if (!found) throw new Error(`seed has the prompt subcategory ${categoryName}/${name}`);
  return found;
}
/** A prompt filed under the given category (and subcategory), written straight to the database. */
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
