import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/env";
import { cookieSecure } from "./cookie";

/** Device cookies (OWASP): a browser that signed in before has its own budget, so an attacker keeping the account delayed does not keep its owner out. */
export const DEVICE_COOKIE = "mm_device";
const MAX_AGE = 180 * 24 * 3600;

const mac = (deviceId: string, email: string) =>
  createHmac("sha256", authSecret()).update(`device:${deviceId}:${email.toLowerCase()}`).digest("base64url");

/** Set-Cookie header value for a browser that just signed in to this account. */
export function deviceSetCookie(email: string, existingDeviceId?: string | null): string {
  const deviceId = existingDeviceId ?? randomBytes(16).toString("base64url");
  const parts = [
    `${DEVICE_COOKIE}=${deviceId}.${mac(deviceId, email)}`,
    "Path=/api/auth",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${MAX_AGE}`,
  ];
  if (cookieSecure()) parts.push("Secure");
  return parts.join("; ");
}

/** The device id when the cookie is genuine and bound to this account; null otherwise. */
export function trustedDevice(cookieValue: string | null | undefined, email: string): string | null {
  if (!cookieValue) return null;
  const [deviceId, signature, extra] = cookieValue.split(".");
  if (!deviceId || !signature || extra !== undefined || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) return null;
  const expected = Buffer.from(mac(deviceId, email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}
