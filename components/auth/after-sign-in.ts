import { safeCallbackPath } from "@/lib/callback-url";
import type { SessionResponse } from "@/lib/schemas/auth";
import { backOfficeHome, isBackOffice } from "@/lib/domain/permissions";

/** Pages that need a session: an anonymous visitor cannot go back to them as a guest (the guard would only send them here again). */
const SESSION_PAGES = ["/cart", "/checkout", "/orders", "/my-images", "/order-success", "/account"];

function isUnder(path: string, prefixes: readonly string[]): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Only a path on the shop itself is returned to (no open redirect). */
export function afterSignIn(callbackUrl: string | null, session: SessionResponse): string {
  return safeCallbackPath(callbackUrl) ?? (isBackOffice(session.roles) ? backOfficeHome(session.roles) : "/");
}

/** Never for an /admin target; an anonymous visitor returns only to a page open to everyone, else to the editor. */
export function guestTarget(callbackUrl: string | null, session: SessionResponse | undefined): string | null {
  const back = safeCallbackPath(callbackUrl);
  if (back && isUnder(back, ["/admin"])) return null;
  if (!back) return "/";
  if (session?.authenticated && session.roles.includes("guest")) return back;
  return isUnder(back, SESSION_PAGES) ? "/" : back;
}
