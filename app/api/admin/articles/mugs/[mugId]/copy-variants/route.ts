import { route } from "@/lib/api/route";
import { copyVariantsBody } from "@/lib/schemas/articles";
import { idParams } from "@/lib/schemas/common";
import { copyMugVariants } from "@/lib/services/article-variants";

export const POST = route({ access: "admin", params: idParams("mugId"), body: copyVariantsBody }, async ({ params, body }) =>
  copyMugVariants(params.mugId, body.variantIds),
);
