import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { listArticleSubcategoriesOfCategory } from "@/lib/services/article-categories";

const params = idParams("categoryId");

export const GET = route({ access: "admin", params }, async ({ params, locale }) =>
  listArticleSubcategoriesOfCategory(params.categoryId, locale),
);
