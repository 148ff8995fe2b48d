import { probe } from "./client";
import { kb, times, type Row } from "./table";
import type { WrkTarget } from "./wrk";

/** A target that redirects (an expired cookie → /login) or fails would look fast under wrk: refuse it. */
export async function preflight(target: WrkTarget): Promise<void> {
  const res = await probe(target.url, target.headers);
  if (res.status !== 200) throw new Error(`${target.url} answered ${res.status} (expected 200) before the load: ${res.text.slice(0, 200)}`);
}

export async function catalogueCachingRow(shopUrl: string): Promise<Row> {
  const found: { key: string; etag: boolean; cacheControl: string | null; revalidated: string }[] = [];
  for (const key of ["mugs", "prompts", "countries"]) {
    const url = `${shopUrl}/api/${key}?locale=en`;
    const first = await probe(url, { "accept-language": "en" });
    if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
    const etag = first.headers.get("etag");
    let revalidated = "no ETag to send";
    if (etag) {
      const again = await probe(url, { "accept-language": "en", "if-none-match": etag });
      revalidated = again.status === 304 ? "304" : `${again.status}, not 304`;
    }
    found.push({ key, etag: !!etag, cacheControl: first.headers.get("cache-control"), revalidated });
  }
  const ok = found.every((f) => f.etag && f.cacheControl && f.revalidated === "304");
  const policies = new Set(found.map((f) => f.cacheControl));
  const describe = (f: (typeof found)[number]) => `${f.key}: ETag ${f.etag ? "yes" : "**missing**"}, If-None-Match → ${f.revalidated}`;
  const today =
    policies.size === 1
      ? `${found.map(describe).join("; ")}; Cache-Control on all: ${found[0]?.cacheControl ? `"${found[0].cacheControl}"` : "**missing**"}`
      : found.map((f) => `${describe(f)}, Cache-Control ${f.cacheControl ? `"${f.cacheControl}"` : "**missing**"}`).join("; ");
  return {
    what: "catalogue reads: ETag, Cache-Control, 304 on If-None-Match",
    today,
    control: "–",
    ratio: "–",
    goal: "all present, 304",
    met: ok,
  };
}

export async function htmlBytesRow(shopUrl: string, adminCookie: string, controlUrl: string): Promise<Row> {
  const page = await probe(`${shopUrl}/admin/vat`, { cookie: adminCookie, "accept-language": "en" });
  if (page.status !== 200) throw new Error(`/admin/vat answered ${page.status}`);
  const rows = (page.text.match(/<tr[\s>]/g) ?? []).length;
  if (rows < 51) throw new Error(`/admin/vat shows ${rows} table rows, expected 50 rates and a header`);
  const table = await probe(`${controlUrl}/table`);
  if (table.status !== 200) throw new Error(`control /table answered ${table.status}`);
  return {
    what: "/admin/vat (50 rows) HTML bytes vs control /table",
    today: kb(page.bytes),
    control: kb(table.bytes),
    ratio: times(page.bytes, table.bytes),
    goal: "≤ 1.5×",
    met: page.bytes <= 1.5 * table.bytes,
  };
}
