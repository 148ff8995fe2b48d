import "server-only";
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/env";
import { cookieSecure } from "./cookie";

export interface PendingSignIn {
  userId: number;
  sessionVersion: number;
  attemptId: string;
}

export const PENDING_MAX_AGE_SECONDS = 5 * 60;
const COOKIE_PATH = "/api/auth/login";

export function pendingCookieName(): string {
  return cookieSecure() ? "__Secure-shop.2fa-pending" : "shop.2fa-pending";
}

function sign(payload: string): Buffer {
  const key = Buffer.from(hkdfSync("sha256", authSecret(), "mugmagic two-factor", "pending sign-in", 32));
  return createHmac("sha256", key).update(payload).digest();
}

export function mintPendingToken(user: { id: number; sessionVersion: number }, now = Date.now()): string {
  const body = {
    u: user.id,
    v: user.sessionVersion,
    a: randomBytes(16).toString("base64url"),
    e: Math.floor(now / 1000) + PENDING_MAX_AGE_SECONDS,
  };
  const payload = Buffer.from(JSON.stringify(body)).toString("base64url");
  return `${payload}.${sign(payload).toString("base64url")}`;
}

export function readPendingToken(raw: string | undefined, now = Date.now()): PendingSignIn | null {
  if (!raw) return null;
  const [payload, mac] = raw.split(".");
  if (!payload || !mac) return null;
  const expected = sign(payload);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    const { u, v, a, e } = body;
    if (typeof u !== "number" || typeof v !== "number" || typeof a !== "string" || typeof e !== "number") return null;
    if (now / 1000 > e) return null;
    return { userId: u, sessionVersion: v, attemptId: a };
  } catch {
    return null;
  }
}

function serialize(value: string, maxAge: number): string {
  const parts = [`${pendingCookieName()}=${value}`, `Path=${COOKIE_PATH}`, "HttpOnly", "SameSite=Strict", `Max-Age=${maxAge}`];
  if (cookieSecure()) parts.push("Secure");
  return parts.join("; ");
}

export function pendingSetCookie(user: { id: number; sessionVersion: number }): string {
  return serialize(mintPendingToken(user), PENDING_MAX_AGE_SECONDS);
}

export function clearPendingCookie(): string {
  return serialize("", 0);
}
