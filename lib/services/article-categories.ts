import "server-only";
import { articleCategories, articleSubcategories, articles } from "@/db/schema";
import { createCategoryTreeService } from "./category-tree";

/** Article categories, on the shared category tree service; lists sort with the caller's collation ("Öl" next to "Ol"). */
const tree = createCategoryTreeService({
  categories: articleCategories,
  subcategories: articleSubcategories,
  children: articles,
  // The German admin shows the German names (forms: optional German name and description).
  german: { categories: articleCategories, subcategories: articleSubcategories },
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
