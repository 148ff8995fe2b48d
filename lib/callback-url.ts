/** Proof against open redirects: anything a browser would drop or turn into a slash is refused. */

/** `.invalid` can never be a real host. */
const BASE = "https://shop.invalid";
const MAX_LENGTH = 2048;
const MAX_DECODINGS = 4;
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

function isPlainPath(s: string): boolean {
  return s.startsWith("/") && !s.startsWith("//") && !UNSAFE.test(s);
}

function pathPart(s: string): string {
  const end = s.search(/[?#]/);
  return end === -1 ? s : s.slice(0, end);
}

export function safeCallbackPath(value: string | readonly string[] | null | undefined): string | null {
  const raw = typeof value === "string" ? value : value?.[0];
  if (!raw || raw.length > MAX_LENGTH || !isPlainPath(raw)) return null;

  // Every decoding of the path must still be a plain path (catches %09, %2F, %5C, %252F, …).
  let current = pathPart(raw);
  for (let i = 0; ; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null; // malformed escapes: nothing a real page link produces
    }
    if (decoded === current) break;
    if (i === MAX_DECODINGS || !isPlainPath(decoded)) return null;
    current = decoded;
  }

  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  // Dot segments can collapse into `//host` ("/a/../..//evil.com"): check the normalised result too.
  if (!isPlainPath(pathPart(path))) return null;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/")) return null;
  return path;
}
