import { categoryTreeResponses, type TreeCategoryDto, type TreeSubcategoryDto } from "./category-tree";

/**
 * Article categories and subcategories (spec sections 3, 5 and 7): request bodies, queries and answers
 * of /api/admin/articles/categories/** and /api/admin/articles/subcategories/** — shared by the
 * handlers, the inline admin forms and the tests. The bodies are the category tree's
 * (lib/schemas/category-tree.ts, shared with the prompt categories); the answers count articles
 * (`articleCount`: filed under the category, with or without a subcategory; or under the subcategory).
 * Browser-safe.
 */
export {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  categoryBody,
  nameSearchQuery,
  subcategoryBody,
  type CategoryBody,
  type CategoryBodyInput,
  type SubcategoryBody,
  type SubcategoryBodyInput,
} from "./category-tree";

export const { subcategoryResponse, categoryResponse } = categoryTreeResponses("articleCount");

export type CategoryDto = TreeCategoryDto<"articleCount">;
export type SubcategoryDto = TreeSubcategoryDto<"articleCount">;
