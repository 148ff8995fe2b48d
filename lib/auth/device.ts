import "server-only";
import { randomBytes } from "node:crypto";
import { deviceSignature } from "@/lib/security/device";
import { cookieSecure } from "./cookie";

/** A browser that signed in before has its own budget, so an attacker delaying the account does not lock its owner out. */
export const DEVICE_COOKIE = "mm_device";
const MAX_AGE = 180 * 24 * 3600;

export function deviceSetCookie(email: string, existingDeviceId?: string | null): string {
  const deviceId = existingDeviceId ?? randomBytes(16).toString("base64url");
  const parts = [
    `${DEVICE_COOKIE}=${deviceId}.${deviceSignature(deviceId, email)}`,
    "Path=/api/auth",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${MAX_AGE}`,
  ];
  if (cookieSecure()) parts.push("Secure");
  return parts.join("; ");
}
