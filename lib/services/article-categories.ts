import "server-only";
import { articleCategories, articleSubcategories, articles } from "@/db/schema";
import { createCategoryTreeService } from "./category-tree";

/**
 * Article categories and their subcategories (spec sections 3, 5, 7 and 8), made by the shared
 * category tree service (lib/services/category-tree, also behind the prompt categories).
 *
 * Rules kept there:
 * - A category with subcategories cannot be deleted ("Cannot delete category with subcategories…"),
 *   nor one that articles use; a subcategory that articles use cannot be deleted. The checks run in
 *   the deleting transaction with the row locked, and a foreign-key violation (a concurrent insert
 *   that slipped past) answers with the same message.
 * - Articles keep their subcategory inside their category, so a subcategory that articles use cannot
 *   be moved to another category (409 errors.subcategoryMoveHasArticles); the admin moves the
 *   articles first. Renaming it is always allowed.
 * - An unknown category of a subcategory is a 422 field error on `categoryId`, never a 500.
 * Lists are sorted by name with the caller's collation ("Öl" next to "Ol"); every write invalidates
 * the catalogue cache.
 */
const tree = createCategoryTreeService({
  categories: articleCategories,
  subcategories: articleSubcategories,
  children: articles,
  countKey: "articleCount",
  messages: {
    categoryHasChildren: "errors.categoryHasArticles",
    subcategoryHasChildren: "errors.subcategoryHasArticles",
    subcategoryMoveHasChildren: "errors.subcategoryMoveHasArticles",
  },
});

export const {
  listCategories: listArticleCategories,
  searchCategories: searchArticleCategories,
  getCategoryOrThrow: getArticleCategoryOrThrow,
  createCategory: createArticleCategory,
  updateCategory: updateArticleCategory,
  deleteCategory: deleteArticleCategory,
  listSubcategories: listArticleSubcategories,
  searchSubcategories: searchArticleSubcategories,
  listSubcategoriesOfCategory: listArticleSubcategoriesOfCategory,
  getSubcategoryOrThrow: getArticleSubcategoryOrThrow,
  createSubcategory: createArticleSubcategory,
  updateSubcategory: updateArticleSubcategory,
  deleteSubcategory: deleteArticleSubcategory,
} = tree;
