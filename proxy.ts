import { NextResponse, type NextRequest } from "next/server";
import { authSecret, env } from "@/lib/env";
import { readSessionToken, sessionCookieName } from "@/lib/auth/tokens";
import { HSTS_VALUE, contentSecurityPolicy, newNonce, servedOverHttps, usesStripe } from "@/lib/security/headers";
import { verifyOrderLinkToken } from "@/lib/security/order-link";
import { backOfficeHome, canOpenPage, isBackOffice } from "@/lib/domain/permissions";

/**
 * First filter only: layouts, guards and handlers check again that the session is current. A forged
 * order link is answered 404 here because the streaming page could no longer set the status.
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
    if (adminPage && !isBackOffice(claims.roles)) return secured(NextResponse.redirect(new URL("/", request.url)));
    if (adminPage && !canOpenPage(claims.roles, pathname))
      return secured(NextResponse.redirect(new URL(backOfficeHome(claims.roles), request.url)));
  }
  return secured(NextResponse.next({ request: { headers } }));
}

export const config = {
  // Pages only: API handlers authorize themselves; static files skip the proxy.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|jpeg|gif|webp|svg|ico|css|js)$).*)"],
};
