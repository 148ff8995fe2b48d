// Shared calls and fixtures of the /api/admin/articles/categories and /subcategories tests
// (tests/api/admin-article-categories-crud.test.ts, admin-article-subcategories.test.ts).
import * as categories from "@/app/api/admin/articles/categories/route";
import * as subcategories from "@/app/api/admin/articles/subcategories/route";
import { getDb } from "@/db/client";
import { articles } from "@/db/schema";
import type { CategoryDto, SubcategoryDto } from "@/lib/schemas/article-categories";
import { call, loginAs } from "./api";

export { withDeleteTrigger } from "./delete-trigger";

export type Envelope = { message: string; errors?: Record<string, string> };

export const admin = () => loginAs("admin");

export async function createCategory(body: Record<string, unknown>) {
  return call<CategoryDto>(categories.POST, { method: "POST", path: "/api/admin/articles/categories", body, cookie: await admin() });
}
export async function createSubcategory(body: Record<string, unknown>) {
  return call<SubcategoryDto>(subcategories.POST, {
    method: "POST",
    path: "/api/admin/articles/subcategories",
    body,
    cookie: await admin(),
  });
}
export async function listCategories(cookie?: string) {
  return (await call<CategoryDto[]>(categories.GET, { path: "/api/admin/articles/categories", cookie: cookie ?? (await admin()) })).body;
}
export async function seedCategory(name: string): Promise<CategoryDto> {
  const found = (await listCategories()).find((c) => c.name === name);
  if (!found) throw new Error(`seed has the category ${name}`);
  return found;
}
export async function seedSubcategory(categoryName: string, name: string): Promise<SubcategoryDto> {
  const found = (await seedCategory(categoryName)).subcategories.find((s) => s.name === name);
  if (!found) throw new Error(`seed has the subcategory ${categoryName}/${name}`);
  return found;
}
/** An article filed under the given category (and subcategory), written straight to the database. */
export async function insertArticle(categoryId: number, subcategoryId: number | null = null): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(articles)
    .values({ type: "MUG", name: "Fixture mug", categoryId, subcategoryId, active: false })
    .returning({ id: articles.id });
  if (!row) throw new Error("article inserted");
  return row.id;
}
export const catParams = (id: number | string) => ({ categoryId: String(id) });
export const subParams = (id: number | string) => ({ subcategoryId: String(id) });
