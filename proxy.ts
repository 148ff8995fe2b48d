import { NextResponse, type NextRequest } from "next/server";
import { authSecret, env } from "@/lib/env";
import { readSessionToken, sessionCookieName } from "@/lib/auth/tokens";
import { HSTS_VALUE, contentSecurityPolicy, newNonce, servedOverHttps, usesStripe } from "@/lib/security/headers";
import { verifyOrderLinkToken } from "@/lib/auth/order-link";

/**
 * First filter for pages (spec section 2): /admin/* and /account without a session → /login
 * remembering the page; /admin/* signed in without the admin role → /. Token signature and expiry are
 * checked here; whether the session is still current (not logged out) is checked again by the admin
 * layout, the page guards and every handler.
 *
 * Every page answer (redirects included) gets its Content-Security-Policy with a fresh nonce and, over
 * https, HSTS (lib/security/headers.ts). The policy also goes to the render as a request header: Next
 * takes the nonce from there for its own scripts; a CSP header the client sent is replaced.
 *
 * /order-status/{token} with a token that is not a genuine, unexpired order link is answered as an
 * unknown address (HTTP 404; app/not-found.tsx explains the link): the page itself streams, so it
 * could no longer set the status. Whether the order exists and the link version is current is
 * checked by the page (it shows the same explanation).
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const https = servedOverHttps(request, { authUrl: env().AUTH_URL, trustedProxyCount: env().TRUSTED_PROXY_COUNT });
  const nonce = newNonce();
  const policy = contentSecurityPolicy({ nonce, stripe: usesStripe(pathname), https, dev: process.env.NODE_ENV === "development" });
  const secured = (res: NextResponse) => {
    res.headers.set("Content-Security-Policy", policy);
    if (https) res.headers.set("Strict-Transport-Security", HSTS_VALUE);
    return res;
  };
  const headers = new Headers(request.headers);
  headers.set("x-pathname", pathname + search);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);

  const orderLink = /^\/order-status\/([^/]+)$/.exec(pathname)?.[1];
  if (orderLink !== undefined && !verifyOrderLinkToken(orderLink)) {
    return secured(NextResponse.rewrite(new URL("/order-status/invalid/link", request.url), { request: { headers } }));
  }

  const adminPage = pathname === "/admin" || pathname.startsWith("/admin/");
  // /account (issue 11 §1) needs a session; the page's requireRoles checks that it is still current.
  if (adminPage || pathname === "/account" || pathname.startsWith("/account/")) {
    const secure = request.cookies.has(sessionCookieName(true));
    const name = sessionCookieName(secure);
    const raw = request.cookies.get(name)?.value;
    const claims = raw ? await readSessionToken(raw, authSecret(), name) : null;
    if (!claims) {
      const login = new URL("/login", request.url);
      login.searchParams.set("callbackUrl", pathname + search);
      return secured(NextResponse.redirect(login));
    }
    if (adminPage && !claims.roles.includes("admin")) return secured(NextResponse.redirect(new URL("/", request.url)));
  }
  return secured(NextResponse.next({ request: { headers } }));
}

export const config = {
  // Pages only: API handlers authorize themselves; static files skip the proxy.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|jpeg|gif|webp|svg|ico|css|js)$).*)"],
};
