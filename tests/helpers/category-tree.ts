import type { CountKey, TreeCategoryDto, TreeSubcategoryDto } from "@/lib/schemas/category-tree";
import { call, loginAs } from "./api";

type Handler = Parameters<typeof call>[0];

export type Envelope = { message: string; errors?: Record<string, string> };

export interface TreeRoutes {
  categories: { GET: Handler; POST: Handler };
  category: { GET: Handler; PUT: Handler; DELETE: Handler };
  categorySearch: { GET: Handler };
  subcategories: { GET: Handler; POST: Handler };
  subcategory: { GET: Handler; PUT: Handler; DELETE: Handler };
  subcategorySearch: { GET: Handler };
  subcategoriesOf: { GET: Handler };
}

export const admin = () => loginAs("admin");
export const catParams = (id: number | string) => ({ categoryId: String(id) });
export const subParams = (id: number | string) => ({ subcategoryId: String(id) });

export function categoryTree<K extends CountKey>(base: string, label: string, routes: TreeRoutes) {
  type Category = TreeCategoryDto<K>;
  type Subcategory = TreeSubcategoryDto<K>;

  async function createCategory(body: Record<string, unknown>) {
    return call<Category>(routes.categories.POST, { method: "POST", path: `${base}/categories`, body, cookie: await admin() });
  }
  async function createSubcategory(body: Record<string, unknown>) {
    return call<Subcategory>(routes.subcategories.POST, { method: "POST", path: `${base}/subcategories`, body, cookie: await admin() });
  }
  async function listCategories() {
    return (await call<Category[]>(routes.categories.GET, { path: `${base}/categories`, cookie: await admin() })).body;
  }
  async function seedCategory(name: string): Promise<Category> {
    const found = (await listCategories()).find((c) => c.name === name);
    if (!found) throw new Error(`seed has the ${label} category ${name}`);
    return found;
  }
  async function seedSubcategory(categoryName: string, name: string): Promise<Subcategory> {
    const found = (await seedCategory(categoryName)).subcategories.find((s) => s.name === name);
    if (!found) throw new Error(`seed has the ${label} subcategory ${categoryName}/${name}`);
    return found;
  }
  return { base, routes, createCategory, createSubcategory, listCategories, seedCategory, seedSubcategory };
}

export type CategoryTree<K extends CountKey> = ReturnType<typeof categoryTree<K>>;
