import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type { CategoryBodyInput, CategoryDto, SubcategoryBodyInput, SubcategoryDto } from "@/lib/schemas/article-categories";

export const articleCategoryKeys = {
  all: ["admin", "article-categories"] as const,
  subcategoriesOf: (categoryId: number) => ["admin", "article-categories", "subcategories", categoryId] as const,
};

export const articleCategoryQueries = {
  list: () =>
    queryOptions({ queryKey: articleCategoryKeys.all, queryFn: ({ signal }) => apiFetch<CategoryDto[]>("/admin/articles/categories", { signal }) }),
  /** The subcategory choices of a category (article form). */
  subcategoriesOf: (categoryId: number) =>
    queryOptions({
      queryKey: articleCategoryKeys.subcategoriesOf(categoryId),
      queryFn: ({ signal }) => apiFetch<SubcategoryDto[]>(`/admin/articles/subcategories/category/${categoryId}`, { signal }),
    }),
};

export const articleCategoryApi = {
  createCategory: (body: CategoryBodyInput) => apiFetch<CategoryDto>("/admin/articles/categories", { method: "POST", body }),
  updateCategory: (id: number, body: CategoryBodyInput) => apiFetch<CategoryDto>(`/admin/articles/categories/${id}`, { method: "PUT", body }),
  removeCategory: (id: number) => apiFetch<{ id: number; deleted: true }>(`/admin/articles/categories/${id}`, { method: "DELETE" }),
  createSubcategory: (body: SubcategoryBodyInput) => apiFetch<SubcategoryDto>("/admin/articles/subcategories", { method: "POST", body }),
  updateSubcategory: (id: number, body: SubcategoryBodyInput) => apiFetch<SubcategoryDto>(`/admin/articles/subcategories/${id}`, { method: "PUT", body }),
  removeSubcategory: (id: number) => apiFetch<{ id: number; deleted: true }>(`/admin/articles/subcategories/${id}`, { method: "DELETE" }),
};

/** Path of DELETE for the page's shared delete dialog (`DeleteRowHost` + `data-row-path`). */
export const categoryDeletePath = "/admin/articles/categories/{id}";
export const subcategoryDeletePath = (id: number) => `/admin/articles/subcategories/${id}`;
