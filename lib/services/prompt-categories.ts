import "server-only";
import { promptCategories, prompts, promptSubcategories } from "@/db/schema";
import { createCategoryTreeService } from "./category-tree";

/** Prompt categories on the shared category tree service; archived prompts count too, since they still refer to their category. */
const tree = createCategoryTreeService({
  categories: promptCategories,
  subcategories: promptSubcategories,
  children: prompts,
  // The German style picker shows the German names (admin forms: optional German name and description).
  german: { categories: promptCategories, subcategories: promptSubcategories },
  countKey: "promptCount",
  messages: {
    categoryHasChildren: "errors.categoryHasPrompts",
    subcategoryHasChildren: "errors.subcategoryHasPrompts",
    subcategoryMoveHasChildren: "errors.subcategoryMoveHasPrompts",
  },
});

export const {
  listCategories: listPromptCategories,
  searchCategories: searchPromptCategories,
  getCategoryOrThrow: getPromptCategoryOrThrow,
  createCategory: createPromptCategory,
  updateCategory: updatePromptCategory,
  deleteCategory: deletePromptCategory,
  listSubcategories: listPromptSubcategories,
  searchSubcategories: searchPromptSubcategories,
  listSubcategoriesOfCategory: listPromptSubcategoriesOfCategory,
  getSubcategoryOrThrow: getPromptSubcategoryOrThrow,
  createSubcategory: createPromptSubcategory,
  updateSubcategory: updatePromptSubcategory,
  deleteSubcategory: deletePromptSubcategory,
} = tree;
