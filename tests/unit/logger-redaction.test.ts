import { afterEach, describe, expect, it, vi } from "vitest";
import { logger, redactSecrets } from "@/lib/logger";

const RESET = "rjdiGPAd82RR2V7DNvZzTNQz_Dz-qCccG6XxJNKO5p8";
const ORDER = "C78aa7OcSUK8qr7Isu8MX2v3PN4rn7Adsb4RiY-A4bg74hKT";

describe("logs redact link tokens and keys", () => {
  afterEach(() => vi.restoreAllMocks());

  it("redacts /reset-password?token=, /order-status/{token}, /api/guest/orders/{token} and key= values", () => {
    expect(redactSecrets(`https://shop.example.com/reset-password?token=${RESET}&x=1`)).toBe(
      "https://shop.example.com/reset-password?token=[redacted]&x=1",
    );
    expect(redactSecrets(`/order-status/${ORDER}`)).toBe("/order-status/[redacted]");
    expect(redactSecrets(`http://localhost/api/guest/orders/${ORDER}/invoice`)).toBe(
      "http://localhost/api/guest/orders/[redacted]/invoice",
    );
    expect(redactSecrets(`/api/guest/orders/${ORDER}/items/5/image?key=abc123`)).toBe(
      "/api/guest/orders/[redacted]/items/5/image?key=[redacted]",
    );
    expect(redactSecrets("/api/images/7?w=200&key=s3cr3t#x")).toBe("/api/images/7?w=200&key=[redacted]#x");
    expect(redactSecrets("/api/shop/articles?q=mug")).toBe("/api/shop/articles?q=mug");
  });

  it("every logged line passes through it: the url field, the message and an error's text", () => {
    const level = process.env.LOG_LEVEL;
    delete process.env.LOG_LEVEL;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      logger.error(`failed /order-status/${ORDER}`, {
        url: `http://localhost/api/guest/orders/${ORDER}/cancel?key=k1`,
        err: new Error(`bad token=${RESET} at /reset-password?token=${RESET}`),
      });
    } finally {
      if (level !== undefined) process.env.LOG_LEVEL = level;
    }
    const line = spy.mock.calls.map((c) => c.join(" ")).join("\n");
    expect(line).toContain("[redacted]");
    expect(line).not.toContain(ORDER);
    expect(line).not.toContain(RESET);
    expect(line).not.toContain("k1");
  });
});
