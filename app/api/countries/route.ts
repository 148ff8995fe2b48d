import { route } from "@/lib/api/route";
import { catalogAnswer, catalogLocaleQuery } from "@/lib/api/http-cache";
import { CATALOG_CACHE_CONTROL, catalogJson } from "@/lib/services/catalog";

export const GET = route({ access: "public", query: catalogLocaleQuery }, async ({ req, query, locale }) =>
  catalogAnswer(req, await catalogJson("countries", query.locale ?? locale), CATALOG_CACHE_CONTROL, !!query.locale),
);
