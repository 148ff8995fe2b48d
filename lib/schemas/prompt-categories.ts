import { categoryTreeResponses, type TreeCategoryDto, type TreeSubcategoryDto } from "./category-tree";

/**
 * Prompt categories and subcategories (spec sections 3 and 7 "Admin prompts"): the bodies and
 * queries of /api/admin/prompts/categories/** and /api/admin/prompts/subcategories/** are the
 * category tree's (the same as the article categories'); the answers count prompts (`promptCount`,
 * archived ones included). Browser-safe.
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

export const { subcategoryResponse: promptSubcategoryResponse, categoryResponse: promptCategoryResponse } =
  categoryTreeResponses("promptCount");

export type PromptCategoryDto = TreeCategoryDto<"promptCount">;
export type PromptSubcategoryDto = TreeSubcategoryDto<"promptCount">;
