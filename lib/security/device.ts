import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/env";

export const deviceSignature = (deviceId: string, email: string) =>
  createHmac("sha256", authSecret()).update(`device:${deviceId}:${email.toLowerCase()}`).digest("base64url");

export function trustedDevice(cookieValue: string | null | undefined, email: string): string | null {
  if (!cookieValue) return null;
  const [deviceId, signature, extra] = cookieValue.split(".");
  if (!deviceId || !signature || extra !== undefined || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) return null;
  const expected = Buffer.from(deviceSignature(deviceId, email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}
