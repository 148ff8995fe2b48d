import "server-only";
import { env } from "@/lib/env";
import { originOf } from "@/lib/security/origin";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

// Without Origin or Sec-Fetch-Site the caller is no browser carrying a victim's cookie.
export function isCrossSiteRequest(req: Request): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  const origin = req.headers.get("origin");
  if (origin === null) return req.headers.get("sec-fetch-site")?.trim().toLowerCase() === "cross-site";
  return !ownOrigins(req).has(origin.trim().toLowerCase());
}

function ownOrigins(req: Request): Set<string> {
  const origins = new Set<string>();
  const url = new URL(req.url);
  origins.add(url.origin);
  const host = req.headers.get("host")?.trim().toLowerCase();
  if (host) {
    const schemes = [url.protocol.replace(":", "")];
    const forwarded = req.headers.get("x-forwarded-proto")?.split(",", 1)[0]?.trim().toLowerCase();
    if (forwarded === "http" || forwarded === "https") schemes.push(forwarded);
    for (const scheme of schemes) {
      const own = originOf(`${scheme}://${host}`);
      if (own) origins.add(own);
    }
  }
  const configured = originOf(env().AUTH_URL);
  if (configured) origins.add(configured);
  return origins;
}
