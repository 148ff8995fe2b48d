import * as categories from "@/app/api/admin/articles/categories/route";
import * as category from "@/app/api/admin/articles/categories/[categoryId]/route";
import * as categorySearch from "@/app/api/admin/articles/categories/search/route";
import * as subcategories from "@/app/api/admin/articles/subcategories/route";
import * as subcategory from "@/app/api/admin/articles/subcategories/[subcategoryId]/route";
import * as subcategorySearch from "@/app/api/admin/articles/subcategories/search/route";
import * as subcategoriesOf from "@/app/api/admin/articles/subcategories/category/[categoryId]/route";
import { getDb } from "@/db/client";
import { articles } from "@/db/schema";
import { categoryTree } from "./category-tree";

export { withDeleteTrigger } from "./delete-trigger";
export { admin, catParams, subParams, type Envelope } from "./category-tree";

export const articleTree = categoryTree<"articleCount">("/api/admin/articles", "article", {
  categories,
  category,
  categorySearch,
  subcategories,
  subcategory,
  subcategorySearch,
  subcategoriesOf,
});
export const { createCategory, createSubcategory, listCategories, seedCategory, seedSubcategory } = articleTree;

export async function insertArticle(categoryId: number, subcategoryId: number | null = null): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(articles)
    .values({ type: "MUG", name: "Fixture mug", categoryId, subcategoryId, active: false })
    .returning({ id: articles.id });
  if (!row) throw new Error("article inserted");
  return row.id;
}
