import "server-only";
import { articleCategories, articleSubcategories, articles } from "@/db/schema";
import { createCategoryTreeService } from "./category-tree";

const tree = createCategoryTreeService({
  categories: articleCategories,
  subcategories: articleSubcategories,
  children: articles,
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
