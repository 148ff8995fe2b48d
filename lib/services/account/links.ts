import "server-only";
import { env, publicBaseUrl } from "@/lib/env";

/** Without AUTH_URL the origin comes from the caller-written Host header: set AUTH_URL in production. */
export function shopUrl(path: string, requestUrl: string): string {
  const base = env().AUTH_URL ? publicBaseUrl() : new URL(requestUrl).origin;
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}
