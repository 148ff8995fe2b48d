import "server-only";
import { originOf } from "@/lib/security/origin";

export { originOf };

export interface ShopImageRef {
  id: number;
  key: string | null;
}

const PATH = String.raw`/api/images/([1-9][0-9]{0,9})(?:\?key=([A-Za-z0-9_-]{1,100}))?`;
const RELATIVE = new RegExp(`^${PATH}$`);
const ABSOLUTE = new RegExp(`^https?://([^/?]+)(${PATH})$`, "i");

// Reads the text only and never fetches it, so there is no outgoing request to forge (SSRF).
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
  // The parser must read the same host, path and query as the text says: nothing normalised away.
  if (url.host !== absolute[1].toLowerCase() || `${url.pathname}${url.search}` !== absolute[2]) return null;
  const allowed = new Set(ownOrigins.map(originOf).filter((o): o is string => o !== null));
  if (!allowed.has(url.origin)) return null;
  return toRef(absolute[3], absolute[4]);
}

function toRef(digits: string | undefined, key: string | undefined): ShopImageRef | null {
  const id = Number(digits);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  return { id, key: key ?? null };
}
