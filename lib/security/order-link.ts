// No "server-only" marker: proxy.ts checks order links too (it runs on the server all the same).
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { authSecret, env } from "@/lib/env";

/** Signed under a key derived for this purpose only, so a session token can never pass as an order link. */

const PURPOSE = "mugmagic guest order link v2";
const LEGACY_PURPOSE = "mugmagic guest order link v1";
const ID_BYTES = 16;
const TIME_BYTES = 4;
const VERSION_BYTES = 4;
const MAC_BYTES = 16;
const PAYLOAD_BYTES = ID_BYTES + TIME_BYTES + VERSION_BYTES;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
const LEGACY_PAYLOAD_BYTES = ID_BYTES + TIME_BYTES;
const LEGACY_TOKEN_BYTES = LEGACY_PAYLOAD_BYTES + MAC_BYTES;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const DAY_SECONDS = 86_400;

const derived = new Map<string, { secret: string; key: Buffer }>();

function linkKey(purpose: string): Buffer {
  const secret = authSecret();
  let entry = derived.get(purpose);
  if (entry?.secret !== secret) {
    entry = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", purpose, 32)) };
    derived.set(purpose, entry);
  }
  return entry.key;
}

function mac(payload: Buffer, purpose = PURPOSE): Buffer {
  return createHmac("sha256", linkKey(purpose)).update(payload).digest().subarray(0, MAC_BYTES);
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function orderLinkToken(orderId: string, now: Date = new Date(), linkVersion = 1): string {
  if (!UUID.test(orderId)) throw new Error("orderLinkToken: the order id must be a uuid");
  if (!Number.isInteger(linkVersion) || linkVersion < 1 || linkVersion > 0xffff_ffff) throw new Error("orderLinkToken: bad link version");
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  Buffer.from(orderId.replace(/-/g, ""), "hex").copy(payload, 0);
  payload.writeUInt32BE(Math.max(0, Math.min(seconds(now), 0xffff_ffff)), ID_BYTES);
  payload.writeUInt32BE(linkVersion, ID_BYTES + TIME_BYTES);
  return Buffer.concat([payload, mac(payload)]).toString("base64url");
}

export interface OrderLink {
  orderId: string;
  version: number;
  issuedAt: Date;
}

export function verifyOrderLinkToken(token: string, now: Date = new Date()): OrderLink | null {
  if (typeof token !== "string" || token.length > 64 || !BASE64URL.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.toString("base64url") !== token) return null;
  const viewSeconds = env().GUEST_ORDER_LINK_DAYS * DAY_SECONDS;
  let link: { expiresAt: number; issuedAt: number; version: number };
  if (bytes.length === TOKEN_BYTES) {
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(payload))) return null;
    const issuedAt = payload.readUInt32BE(ID_BYTES);
    link = { issuedAt, expiresAt: issuedAt + viewSeconds, version: payload.readUInt32BE(ID_BYTES + TIME_BYTES) };
  } else if (bytes.length === LEGACY_TOKEN_BYTES) {
    const payload = bytes.subarray(0, LEGACY_PAYLOAD_BYTES);
    if (!timingSafeEqual(bytes.subarray(LEGACY_PAYLOAD_BYTES), mac(payload, LEGACY_PURPOSE))) return null;
    const expiresAt = payload.readUInt32BE(ID_BYTES);
    link = { expiresAt, issuedAt: expiresAt - viewSeconds, version: 1 };
  } else {
    return null;
  }
  if (link.expiresAt * 1000 <= now.getTime()) return null;
  const hex = bytes.subarray(0, ID_BYTES).toString("hex");
  return {
    orderId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    version: link.version,
    issuedAt: new Date(link.issuedAt * 1000),
  };
}
