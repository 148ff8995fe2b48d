import { route } from "@/lib/api/route";
import { CATALOG_CACHE_CONTROL, listPublicMugs } from "@/lib/services/catalog";

// GET /api/mugs – active mugs with details, active variants (default first) and gross price
export const GET = route({ access: "public" }, async () =>
  Response.json(await listPublicMugs(), { headers: { "cache-control": CATALOG_CACHE_CONTROL } }),
);
