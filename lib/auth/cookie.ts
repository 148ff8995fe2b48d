import "server-only";
import { authSecret, env } from "@/lib/env";
import { mintSessionToken, sessionCookieName, type SessionClaims } from "./tokens";

export function cookieSecure(): boolean {
  const configured = env().COOKIE_SECURE;
  if (configured !== undefined) return configured;
  return (env().AUTH_URL ?? "").startsWith("https://");
}

export function sessionCookie(): string {
  return sessionCookieName(cookieSecure());
}

function serialize(name: string, value: string, maxAge: number): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (cookieSecure()) parts.push("Secure");
  return parts.join("; ");
}

export async function sessionSetCookie(claims: SessionClaims): Promise<string> {
  const name = sessionCookie();
  const maxAge = env().SESSION_MAX_AGE_SECONDS;
  const token = await mintSessionToken(claims, authSecret(), name, maxAge);
  return serialize(name, token, maxAge);
}

export function clearSessionCookie(): string {
  return serialize(sessionCookie(), "", 0);
}
