import { hkdfSync } from "node:crypto";
import { jwtDecrypt } from "jose";
import { encode } from "next-auth/jwt";
import type { Role } from "@/db/schema";

export interface SessionClaims {
  sub: string;
  email: string;
  roles: Role[];
  sv: number;
}

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Secure-shop.session-token" : "shop.session-token";
}

export async function mintSessionToken(claims: SessionClaims, secret: string, cookieName: string, maxAge: number) {
  return encode({ token: { ...claims }, secret, salt: cookieName, maxAge });
}

const KEY_BYTES = { "A256CBC-HS512": 64, A256GCM: 32 } as const;
type Enc = keyof typeof KEY_BYTES;
const isEnc = (enc: unknown): enc is Enc => enc === "A256CBC-HS512" || enc === "A256GCM";

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

const CLOCK_TOLERANCE = 15;
export const VERIFIED_TOKENS_MAX = 5000;
type Verified = { keyId: string; claims: SessionClaims; exp: number | undefined };
/** Verified tokens → their claims: a token (an authenticated, immutable string) is decrypted once per process. */
const verified = new Map<string, Verified>();

export function verifiedTokenCount(): number {
  return verified.size;
}

const copy = (c: SessionClaims): SessionClaims => ({ ...c, roles: [...c.roles] });

export async function readSessionToken(raw: string, secret: string, cookieName: string): Promise<SessionClaims | null> {
  const keyId = `${cookieName}\u0000${secret}`;
  const hit = verified.get(raw);
  if (hit && hit.keyId === keyId) {
    if (hit.exp !== undefined && Date.now() / 1000 > hit.exp + CLOCK_TOLERANCE) {
      verified.delete(raw);
      return null;
    }
    verified.delete(raw);
    verified.set(raw, hit);
    return copy(hit.claims);
  }
  try {
    const { payload: token } = await jwtDecrypt(
      raw,
      (header) => {
        if (!isEnc(header.enc)) throw new Error("unsupported enc");
        return derivedKey(secret, cookieName, header.enc);
      },
      { clockTolerance: CLOCK_TOLERANCE, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
    );
    if (!token || typeof token.sub !== "string" || typeof token.sv !== "number" || !Array.isArray(token.roles)) return null;
    const claims: SessionClaims = { sub: token.sub, email: String(token.email ?? ""), roles: token.roles as Role[], sv: token.sv };
    verified.set(raw, { keyId, claims: copy(claims), exp: typeof token.exp === "number" ? token.exp : undefined });
    while (verified.size > VERIFIED_TOKENS_MAX) {
      const oldest = verified.keys().next();
      if (oldest.done) break;
      verified.delete(oldest.value);
    }
    return claims;
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
