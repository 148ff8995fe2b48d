import "server-only";
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/env";

/** Keys derived from AUTH_SECRET, one per purpose, so a leaked database alone reveals no secret and no code. */
function key(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), "mugmagic two-factor", purpose, 32));
}

const VERSION = "v1";

/** AES-256-GCM; the user id is the associated data, so a secret copied onto another account does not decrypt. */
export function encryptSecret(secret: string, userId: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key("totp secret"), iv);
  cipher.setAAD(Buffer.from(String(userId)));
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

export function decryptSecret(stored: string, userId: number): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== VERSION || !iv || !tag || !data) throw new Error("unknown two-factor secret format");
  const decipher = createDecipheriv("aes-256-gcm", key("totp secret"), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(String(userId)));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

export function hashRecoveryCode(code: string, userId: number): string {
  return createHmac("sha256", key("recovery code"))
    .update(`${userId}:${normalizeRecoveryCode(code)}`)
    .digest("hex");
}
