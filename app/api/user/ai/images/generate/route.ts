import { route } from "@/lib/api/route";
import { generateImagesFromRequest } from "@/lib/api/generate-images";

// POST /api/user/ai/images/generate – multipart (image, promptId, mugId, optional x/y/width/height, jobId): styled images for the signed-in user
export const POST = route({ access: "user" }, async ({ req, session }) => generateImagesFromRequest(req, session));
