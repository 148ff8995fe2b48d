import { afterEach, describe, expect, it } from "vitest";
import { createHmac, hkdfSync } from "node:crypto";
import { resetEnvCache } from "@/lib/env";
import { orderLinkToken, verifyOrderLinkToken } from "@/lib/security/order-link";

const ORDER = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";
const OTHER = "0b6c2e1a-9d8f-4e7c-8b5a-3f2e1d0c9b8a";
const NOW = new Date("2026-01-01T12:00:00Z");
const DAY = 86_400_000;

afterEach(() => {
  delete process.env.GUEST_ORDER_LINK_DAYS;
  process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  resetEnvCache();
});

function flip(token: string, byte: number): string {
  const bytes = Buffer.from(token, "base64url");
  bytes[byte] = (bytes[byte] ?? 0) ^ 0x01;
  return bytes.toString("base64url");
}

describe("guest order link tokens", () => {
  it("round-trips the order id and is short, url-safe and different per order", () => {
    const token = orderLinkToken(ORDER, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{54}$/);
    expect(verifyOrderLinkToken(token, NOW)).toMatchObject({ orderId: ORDER, version: 1 });
    expect(orderLinkToken(ORDER.toUpperCase(), NOW)).toBe(token);
    expect(verifyOrderLinkToken(orderLinkToken(OTHER, NOW), NOW)).toMatchObject({ orderId: OTHER, version: 1 });
    expect(orderLinkToken(OTHER, NOW)).not.toBe(token);
  });

  it("expires after GUEST_ORDER_LINK_DAYS (default 180)", () => {
    const token = orderLinkToken(ORDER, NOW);
    expect(verifyOrderLinkToken(token, new Date(NOW.getTime() + 180 * DAY - 1000))).toMatchObject({ orderId: ORDER, version: 1 });
    expect(verifyOrderLinkToken(token, new Date(NOW.getTime() + 180 * DAY))).toBeNull();
    process.env.GUEST_ORDER_LINK_DAYS = "2";
    resetEnvCache();
    const short = orderLinkToken(ORDER, NOW);
    expect(verifyOrderLinkToken(short, new Date(NOW.getTime() + DAY))).toMatchObject({ orderId: ORDER, version: 1 });
    expect(verifyOrderLinkToken(short, new Date(NOW.getTime() + 2 * DAY + 1))).toBeNull();
  });

  it("refuses every tampered byte: order id, issue time, version, signature", () => {
    const token = orderLinkToken(ORDER, NOW, 3);
    for (let byte = 0; byte < 40; byte++) expect(verifyOrderLinkToken(flip(token, byte), NOW), `byte ${byte}`).toBeNull();
  });

  it("refuses a later issue time or another version written into a real token (the signature covers them)", () => {
    const bytes = Buffer.from(orderLinkToken(ORDER, NOW), "base64url");
    bytes.writeUInt32BE(bytes.readUInt32BE(16) + 365 * 86_400, 16);
    expect(verifyOrderLinkToken(bytes.toString("base64url"), NOW)).toBeNull();
    const versioned = Buffer.from(orderLinkToken(ORDER, NOW), "base64url");
    versioned.writeUInt32BE(2, 20);
    expect(verifyOrderLinkToken(versioned.toString("base64url"), NOW)).toBeNull();
  });

  it("carries the order's link version and its issue time", () => {
    const link = verifyOrderLinkToken(orderLinkToken(ORDER, NOW, 7), new Date(NOW.getTime() + DAY));
    expect(link).toEqual({ orderId: ORDER, version: 7, issuedAt: NOW });
    expect(() => orderLinkToken(ORDER, NOW, 0)).toThrow();
  });

  it("still opens a token of the earlier layout (no version) as link version 1 until its expiry", () => {
    const key = Buffer.from(hkdfSync("sha256", process.env.AUTH_SECRET ?? "", "", "mugmagic guest order link v1", 32));
    const payload = Buffer.alloc(20);
    Buffer.from(ORDER.replace(/-/g, ""), "hex").copy(payload, 0);
    payload.writeUInt32BE(NOW.getTime() / 1000 + 180 * 86_400, 16);
    const legacy = Buffer.concat([payload, createHmac("sha256", key).update(payload).digest().subarray(0, 16)]).toString("base64url");
    expect(legacy).toHaveLength(48);
    expect(verifyOrderLinkToken(legacy, new Date(NOW.getTime() + DAY))).toEqual({ orderId: ORDER, version: 1, issuedAt: NOW });
    expect(verifyOrderLinkToken(legacy, new Date(NOW.getTime() + 180 * DAY))).toBeNull();
    expect(verifyOrderLinkToken(flip(legacy, 3), NOW)).toBeNull();
    // A new-layout payload under the old key, or the old payload under the new key, is no link.
    const newKey = Buffer.from(hkdfSync("sha256", process.env.AUTH_SECRET ?? "", "", "mugmagic guest order link v2", 32));
    const crossed = Buffer.concat([payload, createHmac("sha256", newKey).update(payload).digest().subarray(0, 16)]).toString("base64url");
    expect(verifyOrderLinkToken(crossed, NOW)).toBeNull();
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
    const payload = bytes.subarray(0, 24);
    const plain = createHmac("sha256", process.env.AUTH_SECRET ?? "")
      .update(payload)
      .digest()
      .subarray(0, 16);
    expect(verifyOrderLinkToken(Buffer.concat([payload, plain]).toString("base64url"), NOW)).toBeNull();

    process.env.AUTH_SECRET = "another-secret-another-secret-another-secret";
    resetEnvCache();
    expect(verifyOrderLinkToken(token, NOW)).toBeNull();
    expect(verifyOrderLinkToken(orderLinkToken(ORDER, NOW), NOW)).toMatchObject({ orderId: ORDER, version: 1 });
  });

  it("accepts only uuids as order ids", () => {
    expect(() => orderLinkToken("not-a-uuid", NOW)).toThrow();
  });
});
