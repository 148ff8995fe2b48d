import { queryOptions } from "@tanstack/react-query";
import { categoryDeletePathOf, categoryTreeApi, subcategoryDeletePathOf } from "./category-tree";

const api = categoryTreeApi<"articleCount">("/admin/articles");

export const articleCategoryKeys = {
  all: ["admin", "article-categories"] as const,
  subcategoriesOf: (categoryId: number) => ["admin", "article-categories", "subcategories", categoryId] as const,
};

export const articleCategoryQueries = {
  list: () => queryOptions({ queryKey: articleCategoryKeys.all, queryFn: ({ signal }) => api.listCategories(signal) }),
  subcategoriesOf: (categoryId: number) =>
    queryOptions({
      queryKey: articleCategoryKeys.subcategoriesOf(categoryId),
      queryFn: ({ signal }) => api.subcategoriesOf(categoryId, signal),
    }),
};

export const articleCategoryApi = api;

export const categoryDeletePath = categoryDeletePathOf("/admin/articles");
export const subcategoryDeletePath = (id: number) => subcategoryDeletePathOf("/admin/articles", id);
