import { route } from "@/lib/api/route";
import { listUserImagesQuery } from "@/lib/schemas/user-images";
import { listUserImages } from "@/lib/services/images";

export const GET = route({ access: "user", query: listUserImagesQuery }, async ({ session, query }) => {
  const list = await listUserImages(session, query);
  return Response.json(list, { headers: { "cache-control": "private, no-store" } });
});
