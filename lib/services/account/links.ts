import "server-only";
import { env, publicBaseUrl } from "@/lib/env";

/** Without AUTH_URL the request's origin is used, which comes from the caller-written Host header: set AUTH_URL in production. */
export function shopUrl(path: string, requestUrl: string): string {
  // publicBaseUrl() (AUTH_URL, else http://localhost:3000) serves mails sent outside a request (order
  // mails from a webhook); a password link is always asked for by a request, whose origin is the better default.
  const base = env().AUTH_URL ? publicBaseUrl() : new URL(requestUrl).origin;
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}
