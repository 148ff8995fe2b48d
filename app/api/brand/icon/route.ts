import { fileResponse } from "@/lib/api/file-response";
import { route } from "@/lib/api/route";
import { brandIcon } from "@/lib/services/brand";

export const GET = route({ access: "public" }, async ({ req }) => fileResponse(await brandIcon(), req.headers.get("if-none-match")));
