import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { subcategoryBodyDe } from "@/lib/schemas/category-tree";
import { deleteArticleSubcategory, getArticleSubcategoryOrThrow, updateArticleSubcategory } from "@/lib/services/article-categories";

const params = idParams("subcategoryId");

export const GET = route({ access: "admin", params }, async ({ params, locale }) =>
  getArticleSubcategoryOrThrow(params.subcategoryId, locale),
);

export const PUT = route({ access: "admin", params, body: subcategoryBodyDe }, async ({ params, body, locale }) =>
  updateArticleSubcategory(params.subcategoryId, body, locale),
);

export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteArticleSubcategory(params.subcategoryId));
