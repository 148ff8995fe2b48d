import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { etagMatches, getCatalogueImageOrThrow, readImageBytesOrThrow } from "@/lib/services/images";

const params = idParams("imageId");

// GET /api/images/{imageId} – the bytes of a catalogue image (anything else 404); ETag / If-None-Match → 304
export const GET = route({ access: "public", params }, async ({ req, params }) => {
  const image = await getCatalogueImageOrThrow(params.imageId);
  const headers = new Headers({
    "cache-control": "public, max-age=31536000, immutable",
    etag: image.etag,
    "x-content-type-options": "nosniff",
  });
  if (etagMatches(req.headers.get("if-none-match"), image.etag)) return new Response(null, { status: 304, headers });
  const bytes = await readImageBytesOrThrow(image);
  headers.set("content-type", image.mimeType);
  headers.set("content-length", String(bytes.length));
  return new Response(new Uint8Array(bytes), { status: 200, headers });
});
