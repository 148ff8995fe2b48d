import "server-only";

/** An image of this shop named by a URL: its id and, for an anonymous visitor's image, the access key. */
export interface ShopImageRef {
  id: number;
  key: string | null;
}

const PATH = String.raw`/api/images/([1-9][0-9]{0,9})(?:\?key=([A-Za-z0-9_-]{1,100}))?`;
const RELATIVE = new RegExp(`^${PATH}$`);
const ABSOLUTE = new RegExp(`^https?://([^/?]+)(${PATH})$`, "i");

/**
 * Turns an image URL sent by a client into a reference to an image stored by this shop — by reading
 * the text only. Nothing is ever fetched: the URL is merely a name for `/api/images/{id}`, so there
 * is no outgoing request to forge (SSRF), to follow (redirects) or to wait for.
 *
 * Accepted, and nothing else:
 * - the relative path `/api/images/{id}`;
 * - an absolute `http(s)://host[:port]/api/images/{id}` whose origin is one of `ownOrigins`
 *   (the request's own origin, the configured public URL), host and port spelled as the URL
 *   parser spells them (lower case, no default port, no numeric or hex IP forms);
 * - either of them followed by exactly `?key={base64url}`, the access key that the shop itself puts
 *   into the URLs of an anonymous visitor's images (`imageUrl()` in ./store.ts).
 *
 * `{id}` is a positive integer in canonical form (no sign, no leading zero, at most 2^31-1). The text
 * must be printable ASCII without `\`, `%`, `@` or `#`: no userinfo, no encoded or dot segments, no
 * other query, no fragment, no whitespace, no look-alike Unicode host. Every other form — other hosts
 * or ports, `file:`, `data:`, `javascript:`, loopback, private or metadata addresses in any
 * spelling — answers null.
 */
export function resolveShopImageUrl(imageUrl: string, ownOrigins: readonly string[]): ShopImageRef | null {
  if (!/^[\x21-\x7e]+$/.test(imageUrl) || /[\\%@#]/.test(imageUrl)) return null;

  const relative = RELATIVE.exec(imageUrl);
  if (relative) return toRef(relative[1], relative[2]);

  const absolute = ABSOLUTE.exec(imageUrl);
  if (!absolute?.[1] || !absolute[2]) return null;
  let url: URL;
  try {
    url = new URL(imageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.hash) return null;
  // The parser must read the same host, path and query as the text says: nothing normalised away
  // (no default port, no numeric or hex IP spelling, no dot segments).
  if (url.host !== absolute[1].toLowerCase() || `${url.pathname}${url.search}` !== absolute[2]) return null;
  const allowed = new Set(ownOrigins.map(originOf).filter((o): o is string => o !== null));
  if (!allowed.has(url.origin)) return null;
  return toRef(absolute[3], absolute[4]);
}

/** The origin of an absolute http(s) URL, or null (anything else, or unparsable). */
export function originOf(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

function toRef(digits: string | undefined, key: string | undefined): ShopImageRef | null {
  const id = Number(digits);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  return { id, key: key ?? null };
}
