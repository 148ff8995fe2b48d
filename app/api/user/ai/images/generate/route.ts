import { route } from "@/lib/api/route";
import { generateImagesFromRequest } from "@/lib/api/generate-images";

export const POST = route({ access: "user" }, async ({ req, session }) => generateImagesFromRequest(req, session));
