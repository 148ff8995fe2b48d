import { route } from "@/lib/api/route";
import { CATALOG_CACHE_CONTROL, listPublicMugs } from "@/lib/services/catalog";

// GET /api/mugs – active mugs with details, active variants (default first) and gross price; texts in the caller's language
export const GET = route({ access: "public" }, async ({ locale }) =>
  Response.json(await listPublicMugs(locale), {
    // Names and descriptions depend on the language, which comes from the cookie or Accept-Language.
    headers: { "cache-control": CATALOG_CACHE_CONTROL, vary: "Cookie, Accept-Language" },
  }),
);
