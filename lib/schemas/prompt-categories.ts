import { categoryTreeResponses, type TreeCategoryDto, type TreeSubcategoryDto } from "./category-tree";

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
