import { route } from "@/lib/api/route";
import { generateImagesFromRequest } from "@/lib/api/generate-images";

// POST /api/public/images/generate – multipart (image, promptId, mugId, optional x/y/width/height, jobId): styled images for guests and visitors
export const POST = route({ access: "public", withSession: true }, async ({ req, session }) => generateImagesFromRequest(req, session));
