import { z } from "zod";
import { LOCALES } from "@/lib/i18n/config";

export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

export function cacheableJson(
  req: Request,
  json: { body: string; etag: string },
  headers: { cacheControl: string; vary?: string },
): Response {
  const common: Record<string, string> = { etag: json.etag, "cache-control": headers.cacheControl };
  if (headers.vary) common.vary = headers.vary;
  if (ifNoneMatchHits(req.headers.get("if-none-match"), json.etag)) return new Response(null, { status: 304, headers: common });
  return new Response(json.body, { status: 200, headers: { ...common, "content-type": "application/json" } });
}

export const catalogLocaleQuery = z.object({
  locale: z.enum(LOCALES, { error: "validation.invalidValue" }).optional(),
});

/** Without `?locale=` the language comes from the cookie or the browser, so a shared cache must vary on both. */
export function catalogAnswer(req: Request, json: { body: string; etag: string }, cacheControl: string, localeInUrl: boolean): Response {
  return cacheableJson(req, json, { cacheControl, vary: localeInUrl ? undefined : "Cookie, Accept-Language" });
}
