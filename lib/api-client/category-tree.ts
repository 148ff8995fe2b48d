import { apiFetch } from "./fetcher";
import type { CategoryBodyInput, CountKey, SubcategoryBodyInput, TreeCategoryDto, TreeSubcategoryDto } from "@/lib/schemas/category-tree";

export type CategoryTreeApiBase = "/admin/articles" | "/admin/prompts";

export function categoryTreeApi<K extends CountKey>(base: CategoryTreeApiBase) {
  type Deleted = { id: number; deleted: true };
  return {
    listCategories: (signal?: AbortSignal) => apiFetch<TreeCategoryDto<K>[]>(`${base}/categories`, { signal }),
    subcategoriesOf: (categoryId: number, signal?: AbortSignal) =>
      apiFetch<TreeSubcategoryDto<K>[]>(`${base}/subcategories/category/${categoryId}`, { signal }),
    createCategory: (body: CategoryBodyInput) => apiFetch<TreeCategoryDto<K>>(`${base}/categories`, { method: "POST", body }),
    updateCategory: (id: number, body: CategoryBodyInput) =>
      apiFetch<TreeCategoryDto<K>>(`${base}/categories/${id}`, { method: "PUT", body }),
    removeCategory: (id: number) => apiFetch<Deleted>(`${base}/categories/${id}`, { method: "DELETE" }),
    createSubcategory: (body: SubcategoryBodyInput) => apiFetch<TreeSubcategoryDto<K>>(`${base}/subcategories`, { method: "POST", body }),
    updateSubcategory: (id: number, body: SubcategoryBodyInput) =>
      apiFetch<TreeSubcategoryDto<K>>(`${base}/subcategories/${id}`, { method: "PUT", body }),
    removeSubcategory: (id: number) => apiFetch<Deleted>(`${base}/subcategories/${id}`, { method: "DELETE" }),
  };
}

export const categoryDeletePathOf = (base: CategoryTreeApiBase) => `${base}/categories/{id}`;
export const subcategoryDeletePathOf = (base: CategoryTreeApiBase, id: number) => `${base}/subcategories/${id}`;
