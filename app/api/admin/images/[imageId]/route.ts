import { noContent, route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import { notFound } from "@/lib/errors";
import { deleteImage, getViewableImageOrThrow } from "@/lib/services/images";

export const DELETE = route({ access: "admin", params: idParams("imageId") }, async ({ params, session }) => {
  const image = await getViewableImageOrThrow(params.imageId, session);
  if (!(await deleteImage(image.id))) throw notFound();
  if (image.isPublic) invalidateCatalog(); // cached mugs/prompts must not point at the deleted example image
  return noContent();
});
