import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { ApiError } from "@/lib/errors";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import type { CategoryBody, CountKey, SubcategoryBody, TreeCategoryDto, TreeSubcategoryDto } from "@/lib/schemas/category-tree";
import type { CategoryTreeConfig } from "./config";
import { loadCategories, loadSubcategories, nameContains } from "./read";
import { insertCategory, insertSubcategory, removeCategory, removeSubcategory, replaceCategory, replaceSubcategory } from "./write";

export type { CategoryTreeConfig } from "./config";

export function createCategoryTreeService<K extends CountKey>(cfg: CategoryTreeConfig<K>) {
  const { categories: c, subcategories: s } = cfg;

  async function getCategoryOrThrow(id: number, locale: Locale = DEFAULT_LOCALE): Promise<TreeCategoryDto<K>> {
    const [category] = await loadCategories(cfg, await getDb(), locale, eq(c.id, id));
    if (!category) throw new ApiError(404, "errors.categoryNotFound");
    return category;
  }

  async function getSubcategoryOrThrow(id: number, locale: Locale = DEFAULT_LOCALE): Promise<TreeSubcategoryDto<K>> {
    const [sub] = await loadSubcategories(cfg, await getDb(), locale, eq(s.id, id));
    if (!sub) throw new ApiError(404, "errors.subcategoryNotFound");
    return sub;
  }

  return {
    listCategories: async (locale: Locale = DEFAULT_LOCALE) => loadCategories(cfg, await getDb(), locale),
    searchCategories: async (name: string | undefined, locale: Locale = DEFAULT_LOCALE) =>
      loadCategories(cfg, await getDb(), locale, nameContains(c, name)),
    getCategoryOrThrow,
    createCategory: async (body: CategoryBody) => getCategoryOrThrow(await insertCategory(cfg, body)),
    updateCategory: async (id: number, body: CategoryBody, locale: Locale = DEFAULT_LOCALE) =>
      getCategoryOrThrow(await replaceCategory(cfg, id, body), locale),
    deleteCategory: (id: number) => removeCategory(cfg, id),

    listSubcategories: async (locale: Locale = DEFAULT_LOCALE) => loadSubcategories(cfg, await getDb(), locale),
    searchSubcategories: async (name: string | undefined, locale: Locale = DEFAULT_LOCALE) =>
      loadSubcategories(cfg, await getDb(), locale, nameContains(s, name)),
    listSubcategoriesOfCategory: async (categoryId: number, locale: Locale = DEFAULT_LOCALE) => {
      const db = await getDb();
      const [category] = await db.select({ id: c.id }).from(c).where(eq(c.id, categoryId));
      if (!category) throw new ApiError(404, "errors.categoryNotFound");
      return loadSubcategories(cfg, db, locale, eq(s.categoryId, categoryId));
    },
    getSubcategoryOrThrow,
    createSubcategory: async (body: SubcategoryBody) => getSubcategoryOrThrow(await insertSubcategory(cfg, body)),
    updateSubcategory: async (id: number, body: SubcategoryBody, locale: Locale = DEFAULT_LOCALE) =>
      getSubcategoryOrThrow(await replaceSubcategory(cfg, id, body), locale),
    deleteSubcategory: (id: number) => removeSubcategory(cfg, id),
  };
}

export type CategoryTreeService<K extends CountKey> = ReturnType<typeof createCategoryTreeService<K>>;
