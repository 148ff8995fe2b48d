import { decode, encode } from "next-auth/jwt";
import type { Role } from "@/db/schema";

/** Claims in our session token (Auth.js's JWT format through next-auth/jwt; the only sign-in is POST /api/auth/login). */
export interface SessionClaims {
  sub: string;
  email: string;
  roles: Role[];
  /** users.session_version at sign-in; a token with an older version is refused. */
  sv: number;
}

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Secure-shop.session-token" : "shop.session-token";
}

export async function mintSessionToken(claims: SessionClaims, secret: string, cookieName: string, maxAge: number) {
  return encode({ token: { ...claims }, secret, salt: cookieName, maxAge });
}

export async function readSessionToken(raw: string, secret: string, cookieName: string): Promise<SessionClaims | null> {
  try {
    const token = await decode({ token: raw, secret, salt: cookieName });
    if (!token || typeof token.sub !== "string" || typeof token.sv !== "number" || !Array.isArray(token.roles)) return null;
    return { sub: token.sub, email: String(token.email ?? ""), roles: token.roles as Role[], sv: token.sv };
  } catch {
    return null;
  }
}

export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return safeDecode(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** A malformed %-sequence in a cookie is the client's problem, never a 500: keep the raw value (it then fails verification). */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
