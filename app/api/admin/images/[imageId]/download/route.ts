import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { fileResponse } from "@/lib/api/file-response";
import { getViewableImageOrThrow, imageFile } from "@/lib/services/images";

export const GET = route({ access: "admin", params: idParams("imageId") }, async ({ params, session }) => {
  const image = await getViewableImageOrThrow(params.imageId, session);
  const extension = image.mimeType.replace(/^image\//, "").replace(/[^a-z0-9]/g, "") || "bin";
  return fileResponse(imageFile(image, { download: `image-${image.id}.${extension}` }));
});
