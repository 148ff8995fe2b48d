import { route } from "@/lib/api/route";
import { CATALOG_CACHE_CONTROL, listCountries } from "@/lib/services/catalog";

// GET /api/countries – all countries { code, name, nameEn, nameDe }, sorted by name in the caller's language
export const GET = route({ access: "public" }, async ({ locale }) =>
  Response.json(await listCountries(locale), {
    // `name` and the order depend on the language, which comes from the cookie or Accept-Language.
    headers: { "cache-control": CATALOG_CACHE_CONTROL, vary: "Cookie, Accept-Language" },
  }),
);
