import { describe, expect, it } from "vitest";
import * as countriesRoute from "@/app/api/countries/route";
import * as mugsRoute from "@/app/api/mugs/route";
import * as promptsRoute from "@/app/api/prompts/route";
import * as vatCollection from "@/app/api/admin/vat/route";
import * as vatItem from "@/app/api/admin/vat/[vatId]/route";
import { call, loginAs } from "../helpers/api";
import { invalidateCatalog } from "@/lib/services/catalog-cache";

/**
 * Issue 12: the storefront's catalogue reads are answered like static files — a strong ETag, 304 on
 * If-None-Match, and a Cache-Control a CDN may act on. `?locale=` names the language in the URL, so a
 * shared cache needs no Vary on the cookie.
 */
const routes = [
  { name: "mugs", GET: mugsRoute.GET, path: "/api/mugs" },
  { name: "prompts", GET: promptsRoute.GET, path: "/api/prompts" },
  { name: "countries", GET: countriesRoute.GET, path: "/api/countries" },
] as const;

describe.each(routes)("GET /api/$name as a cacheable resource", ({ GET, path }) => {
  it("answers with a strong ETag and a Cache-Control a CDN may use", async () => {
    const res = await call(GET, { path });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
    const cc = res.headers.get("cache-control") ?? "";
    expect(cc).toContain("public");
    expect(cc).toMatch(/s-maxage=\d+/);
    expect(cc).toMatch(/stale-while-revalidate=\d+/);
  });

  it("answers 304 without a body to a matching If-None-Match (also in a list and weak)", async () => {
    const first = await call(GET, { path });
    const etag = first.headers.get("etag") ?? "";
    for (const header of [etag, `"nope", ${etag}`, `W/${etag}`, "*"]) {
      const res = await call(GET, { path, headers: { "if-none-match": header } });
      expect(res.status, header).toBe(304);
      expect(res.body).toBeNull();
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    }
    const other = await call(GET, { path, headers: { "if-none-match": '"something-else"' } });
    expect(other.status).toBe(200);
    expect(other.body).toEqual(first.body);
  });

  it("has one ETag per language, and ?locale= wins over cookie and browser language without Vary on them", async () => {
    const en = await call(GET, { path: `${path}?locale=en`, headers: { "accept-language": "de-DE" }, cookie: "NEXT_LOCALE=de" });
    const de = await call(GET, { path: `${path}?locale=de`, headers: { "accept-language": "en" } });
    const enByHeader = await call(GET, { path, headers: { "accept-language": "en" } });
    expect(en.status).toBe(200);
    expect(en.headers.get("etag")).toBe(enByHeader.headers.get("etag"));
    expect(en.body).toEqual(enByHeader.body);
    expect(de.headers.get("etag")).not.toBe(en.headers.get("etag"));
    expect((en.headers.get("vary") ?? "").toLowerCase()).not.toContain("cookie");
    // Without ?locale= the language comes from the cookie or the browser: a shared cache must vary on them.
    const vary = (enByHeader.headers.get("vary") ?? "").toLowerCase();
    expect(vary).toContain("cookie");
    expect(vary).toContain("accept-language");
  });

  it("refuses an unknown ?locale= with 422, never 500", async () => {
    const res = await call<{ message: string; errors?: Record<string, string> }>(GET, { path: `${path}?locale=fr` });
    expect(res.status).toBe(422);
    expect(res.body.errors?.locale).toBeTruthy();
  });
});

describe("catalogue ETags follow admin changes", () => {
  it("a VAT change re-prices the mugs: a new ETag, and the old one no longer answers 304", async () => {
    const before = await call(mugsRoute.GET, { path: "/api/mugs?locale=en" });
    const etag = before.headers.get("etag") ?? "";
    const admin = await loginAs("admin");
    const rates = await call<{ id: number; name: string; percent: number; description: string | null; isDefault: boolean }[]>(
      vatCollection.GET,
      {
        path: "/api/admin/vat",
        cookie: admin,
      },
    );
    const standard = rates.body.find((r) => Number(r.percent) === 19);
    if (!standard) throw new Error("the seeded 19 % rate is missing");
    const updated = await call(vatItem.PUT, {
      method: "PUT",
      path: `/api/admin/vat/${standard.id}`,
      params: { vatId: String(standard.id) },
      cookie: admin,
      body: { name: standard.name, percent: 16, description: standard.description ?? "", isDefault: standard.isDefault },
    });
    expect(updated.status).toBe(200);
    const after = await call(mugsRoute.GET, { path: "/api/mugs?locale=en", headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(after.body).not.toEqual(before.body);
  });

  it("the same content keeps the same ETag after the cache is dropped (the ETag is the content's hash)", async () => {
    const a = await call(promptsRoute.GET, { path: "/api/prompts?locale=de" });
    invalidateCatalog();
    const b = await call(promptsRoute.GET, { path: "/api/prompts?locale=de" });
    expect(b.headers.get("etag")).toBe(a.headers.get("etag"));
  });
});
