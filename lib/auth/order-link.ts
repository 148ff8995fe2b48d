import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { authSecret, env } from "@/lib/env";

/**
 * Signed, expiring guest order links (/order-status/{token}, sent in every order mail): whoever holds
 * the link may see the order, cancel it while allowed, download its invoice and, for a guest account,
 * set a password. Nothing is stored: the token carries the order id and its expiry, signed with
 * HMAC-SHA256 under a key derived (HKDF) from the auth secret for this one purpose, so a session
 * token can never pass as an order link or the other way round.
 *
 * Layout (base64url, 48 characters): order id (16 bytes) | expiry in Unix seconds (4 bytes, big
 * endian) | first 16 bytes of HMAC-SHA256 over the 20 bytes before it.
 */

const PURPOSE = "mugmagic guest order link v1";
const ID_BYTES = 16;
const EXPIRY_BYTES = 4;
const MAC_BYTES = 16;
const PAYLOAD_BYTES = ID_BYTES + EXPIRY_BYTES;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

let derived: { secret: string; key: Buffer } | undefined;

/** The link key, derived once per auth secret (a test that swaps the secret gets a fresh key). */
function linkKey(): Buffer {
  const secret = authSecret();
  if (derived?.secret !== secret) derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", PURPOSE, 32)) };
  return derived.key;
}

function mac(payload: Buffer): Buffer {
  return createHmac("sha256", linkKey()).update(payload).digest().subarray(0, MAC_BYTES);
}

/** A link token for the order, valid GUEST_ORDER_LINK_DAYS days from `now`. */
export function orderLinkToken(orderId: string, now: Date = new Date()): string {
  if (!UUID.test(orderId)) throw new Error("orderLinkToken: the order id must be a uuid");
  const expiresAt = Math.floor(now.getTime() / 1000) + env().GUEST_ORDER_LINK_DAYS * 86_400;
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  Buffer.from(orderId.replace(/-/g, ""), "hex").copy(payload, 0);
  payload.writeUInt32BE(Math.min(expiresAt, 0xffff_ffff), ID_BYTES);
  return Buffer.concat([payload, mac(payload)]).toString("base64url");
}

/** The order of a token that is genuine and not expired at `now`; null for anything else (never throws). */
export function verifyOrderLinkToken(token: string, now: Date = new Date()): { orderId: string } | null {
  if (typeof token !== "string" || token.length > 64 || !BASE64URL.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  // Exactly one encoding per token: other lengths or non-canonical trailing bits are refused.
  if (bytes.length !== TOKEN_BYTES || bytes.toString("base64url") !== token) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(payload))) return null;
  if (payload.readUInt32BE(ID_BYTES) * 1000 <= now.getTime()) return null;
  const hex = payload.subarray(0, ID_BYTES).toString("hex");
  return { orderId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
}
