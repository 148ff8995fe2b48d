import { route } from "@/lib/api/route";
import { generateImagesFromRequest } from "@/lib/api/generate-images";

export const POST = route({ access: "public", withSession: true }, async ({ req, session }) => generateImagesFromRequest(req, session));
