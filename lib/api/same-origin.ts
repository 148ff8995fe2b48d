import "server-only";
import { env } from "@/lib/env";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Cross-site request check for state-changing API calls (every method but GET and HEAD).
 *
 * A browser names the page that sent a request in `Origin` (or, on older paths, only in
 * `Sec-Fetch-Site`). The request is refused when `Origin` is present and is not one of the shop's own
 * origins, or when there is no `Origin` and `Sec-Fetch-Site` says `cross-site`. With neither header
 * (curl, server-to-server clients, tests) it is allowed: those are not a browser carrying a victim's cookie.
 *
 * The shop's own origins: the origin of `req.url`; `<scheme>://<Host header>` for the scheme of
 * `req.url` and of `X-Forwarded-Proto` (under `next start -H 127.0.0.1`, Next builds `req.url` from the
 * bound address, not from the host the browser used, so `http://localhost:3000` would otherwise be
 * refused; a cross-site page cannot make a browser send a foreign Host or a preflight-free
 * X-Forwarded-Proto); and the origin of AUTH_URL when it is set (the public URL behind a proxy).
 */
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

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}
