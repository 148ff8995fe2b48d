import { NextResponse, type NextRequest } from "next/server";
import { authSecret } from "@/lib/env";
import { readSessionToken, sessionCookieName } from "@/lib/auth/tokens";

/**
 * First filter for pages (spec section 2): /admin/* without a session → /login remembering the page;
 * signed in without the admin role → /. Token signature and expiry are checked here; whether the
 * session is still current (not logged out) is checked again by the admin layout and every handler.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const headers = new Headers(request.headers);
  headers.set("x-pathname", pathname + search);

  if (pathname === "/admin" || pathname.startsWith("/admin/")) {
    const secure = request.cookies.has(sessionCookieName(true));
    const name = sessionCookieName(secure);
    const raw = request.cookies.get(name)?.value;
    const claims = raw ? await readSessionToken(raw, authSecret(), name) : null;
    if (!claims) {
      const login = new URL("/login", request.url);
      login.searchParams.set("callbackUrl", pathname + search);
      return NextResponse.redirect(login);
    }
    if (!claims.roles.includes("admin")) return NextResponse.redirect(new URL("/", request.url));
  }
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: API handlers authorize themselves; static files skip the proxy.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|jpeg|gif|webp|svg|ico|css|js)$).*)"],
};
