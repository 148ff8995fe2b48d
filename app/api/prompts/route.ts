import { route } from "@/lib/api/route";
import { CATALOG_CACHE_CONTROL, listPublicPrompts } from "@/lib/services/catalog";

// GET /api/prompts – active, non-archived prompts for the style picker, by category then title; title and description in the caller's language
export const GET = route({ access: "public" }, async ({ locale }) =>
  Response.json(await listPublicPrompts(locale), {
    // Titles and descriptions depend on the language, which comes from the cookie or Accept-Language.
    headers: { "cache-control": CATALOG_CACHE_CONTROL, vary: "Cookie, Accept-Language" },
  }),
);
