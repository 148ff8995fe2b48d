import "server-only";
import { env, publicBaseUrl } from "@/lib/env";

/**
 * The absolute address of a shop page for links in mails. The base is AUTH_URL, the shop's public
 * URL (its path kept, so a shop under https://example.com/shop works), when it is set. Without it the
 * origin of the request that causes the mail is used, which is right for a shop reached under one
 * address (local, demo, tests); in production AUTH_URL must be set, since the request's address comes
 * from its Host header, which the caller writes (a forged Host would put a foreign host into the link).
 */
export function shopUrl(path: string, requestUrl: string): string {
  // publicBaseUrl() (AUTH_URL, else http://localhost:3000) serves mails sent outside a request (order
  // mails from a webhook); a password link is always asked for by a request, whose origin is the better default.
  const base = env().AUTH_URL ? publicBaseUrl() : new URL(requestUrl).origin;
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}
