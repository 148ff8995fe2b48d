import { route } from "@/lib/api/route";
import { CATALOG_CACHE_CONTROL, listPublicPrompts } from "@/lib/services/catalog";

// GET /api/prompts – active, non-archived prompts for the style picker, by category then title
export const GET = route({ access: "public" }, async () =>
  Response.json(await listPublicPrompts(), { headers: { "cache-control": CATALOG_CACHE_CONTROL } }),
);
