import { route } from "@/lib/api/route";
import { catalogAnswer, catalogLocaleQuery } from "@/lib/api/http-cache";
import { CATALOG_CACHE_CONTROL, catalogJson } from "@/lib/services/catalog";

// GET /api/prompts – active, non-archived prompts for the style picker, by category then title; title and description in the caller's language (?locale=de|en, else cookie / Accept-Language); ETag, 304 on If-None-Match
export const GET = route({ access: "public", query: catalogLocaleQuery }, async ({ req, query, locale }) =>
  catalogAnswer(req, await catalogJson("prompts", query.locale ?? locale), CATALOG_CACHE_CONTROL, !!query.locale),
);
