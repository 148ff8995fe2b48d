import "server-only";
import { promptCategories, prompts, promptSubcategories } from "@/db/schema";
import { createCategoryTreeService } from "./category-tree";

/**
 * Prompt categories and their subcategories (spec sections 3 and 7 "Admin prompts"): the same
 * category tree service as the article categories (lib/services/category-tree), with prompts as the
 * children — archived prompts count too, they still refer to their category.
 *
 * - A category with subcategories cannot be deleted ("Cannot delete category with subcategories…"),
 *   nor one that prompts use (errors.categoryHasPrompts); a subcategory that prompts use cannot be
 *   deleted ("Cannot delete subcategory with associated prompts"), nor moved to another category
 *   (errors.subcategoryMoveHasPrompts).
 * - Each has an optional German name and description (null falls back to the English in the shop).
 * - Every write invalidates the catalogue cache: /api/prompts shows the category names.
 */
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
