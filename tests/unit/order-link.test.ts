import { afterEach, describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { resetEnvCache } from "@/lib/env";
import { orderLinkToken, verifyOrderLinkToken } from "@/lib/auth/order-link";

const ORDER = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";
const OTHER = "0b6c2e1a-9d8f-4e7c-8b5a-3f2e1d0c9b8a";
const NOW = new Date("2026-01-01T12:00:00Z");
const DAY = 86_400_000;

afterEach(() => {
  delete process.env.GUEST_ORDER_LINK_DAYS;
  process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  resetEnvCache();
});

/** Flips one bit of the decoded token and encodes it again. */
function flip(token: string, byte: number): string {
  const bytes = Buffer.from(token, "base64url");
  bytes[byte] = (bytes[byte] ?? 0) ^ 0x01;
  return bytes.toString("base64url");
}

describe("guest order link tokens", () => {
  it("round-trips the order id and is short, url-safe and different per order", () => {
    const token = orderLinkToken(ORDER, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(verifyOrderLinkToken(token, NOW)).toEqual({ orderId: ORDER });
    expect(orderLinkToken(ORDER.toUpperCase(), NOW)).toBe(token);
    expect(verifyOrderLinkToken(orderLinkToken(OTHER, NOW), NOW)).toEqual({ orderId: OTHER });
    expect(orderLinkToken(OTHER, NOW)).not.toBe(token);
  });

  it("expires after GUEST_ORDER_LINK_DAYS (default 180)", () => {
    const token = orderLinkToken(ORDER, NOW);
    expect(verifyOrderLinkToken(token, new Date(NOW.getTime() + 180 * DAY - 1000))).toEqual({ orderId: ORDER });
    expect(verifyOrderLinkToken(token, new Date(NOW.getTime() + 180 * DAY))).toBeNull();
    process.env.GUEST_ORDER_LINK_DAYS = "2";
    resetEnvCache();
    const short = orderLinkToken(ORDER, NOW);
    expect(verifyOrderLinkToken(short, new Date(NOW.getTime() + DAY))).toEqual({ orderId: ORDER });
    expect(verifyOrderLinkToken(short, new Date(NOW.getTime() + 2 * DAY + 1))).toBeNull();
  });

  it("refuses every tampered byte: order id, expiry, signature", () => {
    const token = orderLinkToken(ORDER, NOW);
    for (let byte = 0; byte < 36; byte++) expect(verifyOrderLinkToken(flip(token, byte), NOW), `byte ${byte}`).toBeNull();
  });

  it("refuses a later expiry written into a real token (the signature covers it)", () => {
    const bytes = Buffer.from(orderLinkToken(ORDER, NOW), "base64url");
    bytes.writeUInt32BE(bytes.readUInt32BE(16) + 365 * 86_400, 16);
    expect(verifyOrderLinkToken(bytes.toString("base64url"), NOW)).toBeNull();
  });

  it("refuses malformed input without throwing", () => {
    const token = orderLinkToken(ORDER, NOW);
    for (const bad of ["", "x", token.slice(0, -1), `${token}A`, `${token}==`, token.replace(/.$/, "*"), "a".repeat(10_000), ORDER]) {
      expect(verifyOrderLinkToken(bad, NOW), bad.slice(0, 60)).toBeNull();
    }
    expect(verifyOrderLinkToken(undefined as unknown as string, NOW)).toBeNull();
  });

  it("is bound to the auth secret and to its purpose (a plain HMAC with the secret is no link)", () => {
    const token = orderLinkToken(ORDER, NOW);
    const bytes = Buffer.from(token, "base64url");
    const payload = bytes.subarray(0, 20);
    const plain = createHmac("sha256", process.env.AUTH_SECRET ?? "").update(payload).digest().subarray(0, 16);
    expect(verifyOrderLinkToken(Buffer.concat([payload, plain]).toString("base64url"), NOW)).toBeNull();

    process.env.AUTH_SECRET = "another-secret-another-secret-another-secret";
    resetEnvCache();
    expect(verifyOrderLinkToken(token, NOW)).toBeNull();
    expect(verifyOrderLinkToken(orderLinkToken(ORDER, NOW), NOW)).toEqual({ orderId: ORDER });
  });

  it("accepts only uuids as order ids", () => {
    expect(() => orderLinkToken("not-a-uuid", NOW)).toThrow();
  });
});
