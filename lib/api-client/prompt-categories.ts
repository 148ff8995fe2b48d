import { queryOptions } from "@tanstack/react-query";
import { categoryTreeApi } from "./category-tree";

export const promptCategoryApi = categoryTreeApi<"promptCount">("/admin/prompts");

export const promptCategoryKeys = {
  all: ["admin", "prompt-categories"] as const,
  subcategoriesOf: (categoryId: number) => ["admin", "prompt-categories", "subcategories", categoryId] as const,
};

export const promptCategoryQueries = {
  list: () => queryOptions({ queryKey: promptCategoryKeys.all, queryFn: ({ signal }) => promptCategoryApi.listCategories(signal) }),
  subcategoriesOf: (categoryId: number) =>
    queryOptions({
      queryKey: promptCategoryKeys.subcategoriesOf(categoryId),
      queryFn: ({ signal }) => promptCategoryApi.subcategoriesOf(categoryId, signal),
    }),
};
