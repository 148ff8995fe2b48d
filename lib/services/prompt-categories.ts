import "server-only";
import { promptCategories, prompts, promptSubcategories } from "@/db/schema";
import { createCategoryTreeService } from "./category-tree";

const tree = createCategoryTreeService({
  categories: promptCategories,
  subcategories: promptSubcategories,
  children: prompts,
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
