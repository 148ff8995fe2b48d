import { hkdfSync } from "node:crypto";
import { jwtDecrypt } from "jose";
import { encode } from "next-auth/jwt";
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

/** Auth.js's content encryption for session tokens, and the key length (bytes) each needs. */
const KEY_BYTES = { "A256CBC-HS512": 64, "A256GCM": 32 } as const;
type Enc = keyof typeof KEY_BYTES;
const isEnc = (enc: unknown): enc is Enc => enc === "A256CBC-HS512" || enc === "A256GCM";

/**
 * Keys derived from (secret, cookie name, enc) — HKDF as Auth.js derives them, but once per process
 * instead of once per request (Auth.js's decode derives the key and its thumbprint on every call).
 */
const derivedKeys = new Map<string, Uint8Array>();
function derivedKey(secret: string, salt: string, enc: Enc): Uint8Array {
  const id = `${enc}\u0000${salt}\u0000${secret}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = new Uint8Array(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, KEY_BYTES[enc]));
    if (derivedKeys.size > 16) derivedKeys.clear();
    derivedKeys.set(id, key);
  }
  return key;
}

/**
 * Reads a session token minted by mintSessionToken (Auth.js's JWE format: "dir" + A256CBC-HS512, the
 * key from HKDF over the secret with the cookie name as salt). Any failure — wrong secret, other
 * cookie name, tampering, expiry (15 s tolerance, as Auth.js), missing claims — is null.
 */
export async function readSessionToken(raw: string, secret: string, cookieName: string): Promise<SessionClaims | null> {
  try {
    const { payload: token } = await jwtDecrypt(
      raw,
      (header) => {
        if (!isEnc(header.enc)) throw new Error("unsupported enc");
        return derivedKey(secret, cookieName, header.enc);
      },
      { clockTolerance: 15, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
    );
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
