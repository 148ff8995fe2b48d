import { queryOptions } from "@tanstack/react-query";
import { categoryTreeApi } from "./category-tree";

/** Prompt categories and subcategories (/api/admin/prompts/categories/**, /api/admin/prompts/subcategories/**). */
export const promptCategoryApi = categoryTreeApi<"promptCount">("/admin/prompts");

export const promptCategoryKeys = {
  all: ["admin", "prompt-categories"] as const,
  subcategoriesOf: (categoryId: number) => ["admin", "prompt-categories", "subcategories", categoryId] as const,
};

export const promptCategoryQueries = {
  list: () => queryOptions({ queryKey: promptCategoryKeys.all, queryFn: ({ signal }) => promptCategoryApi.listCategories(signal) }),
  /** The subcategory choices of a prompt category (prompt form, list filter). */
  subcategoriesOf: (categoryId: number) =>
    queryOptions({
      queryKey: promptCategoryKeys.subcategoriesOf(categoryId),
      queryFn: ({ signal }) => promptCategoryApi.subcategoriesOf(categoryId, signal),
    }),
};
