import { z } from "zod";
import { LOCALES } from "@/lib/i18n/config";

/**
 * Whether an If-None-Match header matches the ETag (RFC 9110 §13.1.2: weak comparison, a list of
 * tags, or "*").
 */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * A public, cacheable JSON answer: 304 without a body when the caller holds the current version,
 * else the serialised JSON. Both carry the ETag, Cache-Control and Vary, so a browser or CDN may keep
 * and revalidate it.
 */
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

/** `?locale=de|en` on public catalogue reads: the language in the URL, so shared caches need not vary on cookies. */
export const catalogLocaleQuery = z.object({
  locale: z.enum(LOCALES, { error: "validation.invalidValue" }).optional(),
});

/**
 * The answer of a public catalogue read. With `?locale=` the URL names the language; without it the
 * language comes from the cookie or the browser, so a shared cache must vary on both.
 */
export function catalogAnswer(req: Request, json: { body: string; etag: string }, cacheControl: string, localeInUrl: boolean): Response {
  return cacheableJson(req, json, { cacheControl, vary: localeInUrl ? undefined : "Cookie, Accept-Language" });
}
