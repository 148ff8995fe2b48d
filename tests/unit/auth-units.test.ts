import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/security/password";
import { env, passwordCostProblem, resetEnvCache } from "@/lib/env";
import { mintSessionToken, readCookie, readSessionToken, sessionCookieName, type SessionClaims } from "@/lib/auth/tokens";
import { consume, peek, release, secondsUntilReset } from "@/lib/services/rate-limit";

const SECRET = "unit-secret-unit-secret-unit-secret-0123456789";
const OTHER_SECRET = "another-secret-another-secret-another-secret-42";
const COOKIE = sessionCookieName(false);
const claims: SessionClaims = { sub: "42", email: "someone@test.local", roles: ["customer"], sv: 3 };

/** These assertions follow whatever PASSWORD_HASH_COST the run uses. */
const costN = () => String(2 ** env().PASSWORD_HASH_COST);

describe("PASSWORD_HASH_COST", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("defaults to OWASP's scrypt cost, N = 2^17, r = 8, p = 1", async () => {
    delete process.env.PASSWORD_HASH_COST;
    resetEnvCache();
    expect(await hashPassword("correct horse battery")).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });

  it("a production start refuses a cost below the default; tests and development may use less", () => {
    expect(passwordCostProblem({ NODE_ENV: "production", PASSWORD_HASH_COST: "16" })).toMatch(/PASSWORD_HASH_COST=16/);
    expect(passwordCostProblem({ NODE_ENV: "production", PASSWORD_HASH_COST: "17" })).toBeNull();
    expect(passwordCostProblem({ NODE_ENV: "production" })).toBeNull();
    expect(passwordCostProblem({ NODE_ENV: "test", PASSWORD_HASH_COST: "12" })).toBeNull();
  });
});

describe("hashPassword / verifyPassword", () => {
  it("round trip: the right password verifies, a wrong one does not", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(new RegExp(`^scrypt\\$${costN()}\\$8\\$1\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`));
    expect(stored).not.toContain("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("a hash made at an older, lower cost still verifies and asks to be rehashed; a current one does not", async () => {
    const current = await hashPassword("upgrade-me");
    expect(needsRehash(current)).toBe(false);
    const old = current.replace(`scrypt$${costN()}$`, `scrypt$${Number(costN()) / 2}$`);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash("bcrypt$whatever")).toBe(true);
    expect(needsRehash(null)).toBe(false);
  });

  it("a stored hash with an absurd cost is refused instead of tying up the server", async () => {
    const stored = await hashPassword("cost-bomb");
    expect(await verifyPassword("cost-bomb", stored.replace(`scrypt$${costN()}$`, "scrypt$1073741824$"))).toBe(false);
  });

  it("each hash gets its own salt, so equal passwords give different hashes that both verify", async () => {
    const [a, b] = await Promise.all([hashPassword("same-password"), hashPassword("same-password")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
    expect(await verifyPassword("same-password", a)).toBe(true);
    expect(await verifyPassword("same-password", b)).toBe(true);
  });

  it("unicode passwords are normalised (NFKC): composed and decomposed forms match", async () => {
    const stored = await hashPassword("Passw\u00f6rter!");
    expect(await verifyPassword("Passwo\u0308rter!", stored)).toBe(true);
  });

  it("a tampered hash string is refused", async () => {
    const stored = await hashPassword("tamper-me-please");
    const parts = stored.split("$");
    const hash = Buffer.from(parts[5] ?? "", "base64");
    hash[0] = (hash[0] ?? 0) ^ 0xff;
    const flippedHash = [...parts.slice(0, 5), hash.toString("base64")].join("$");
    const salt = Buffer.from(parts[4] ?? "", "base64");
    salt[0] = (salt[0] ?? 0) ^ 0xff;
    const flippedSalt = [...parts.slice(0, 4), salt.toString("base64"), parts[5]].join("$");
    const shortHash = [...parts.slice(0, 5), hash.subarray(0, 32).toString("base64")].join("$");
    for (const bad of [
      flippedHash,
      flippedSalt,
      shortHash,
      stored.replace(/^scrypt/, "bcrypt"),
      parts.slice(0, 5).join("$"),
      `${parts.slice(0, 4).join("$")}$$${parts[5]}`,
      "",
      "not-a-hash",
    ]) {
      expect(await verifyPassword("tamper-me-please", bad), bad).toBe(false);
    }
  });

  it("no stored hash (null/undefined, e.g. a guest account) → false", async () => {
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", undefined)).toBe(false);
  });
});

describe("session tokens (Auth.js JWT format)", () => {
  it("mint → read round trip keeps the claims", async () => {
    const token = await mintSessionToken(claims, SECRET, COOKIE, 3600);
    expect(token.split(".")).toHaveLength(5); // a JWE, not a readable JWT
    expect(token).not.toContain("someone@test.local");
    expect(await readSessionToken(token, SECRET, COOKIE)).toEqual(claims);
  });

  it("a token signed with another secret is refused", async () => {
    const token = await mintSessionToken(claims, OTHER_SECRET, COOKIE, 3600);
    expect(await readSessionToken(token, SECRET, COOKIE)).toBeNull();
  });

  it("a token minted for another cookie name (salt) is refused", async () => {
    const secureName = sessionCookieName(true);
    expect(secureName).not.toBe(COOKIE);
    const token = await mintSessionToken(claims, SECRET, secureName, 3600);
    expect(await readSessionToken(token, SECRET, COOKIE)).toBeNull();
    expect(await readSessionToken(token, SECRET, secureName)).toEqual(claims);
  });

  it("an expired token is refused", async () => {
    const token = await mintSessionToken(claims, SECRET, COOKIE, -3600);
    expect(await readSessionToken(token, SECRET, COOKIE)).toBeNull();
  });

  it("garbage, a tampered token and a token without the session version are refused", async () => {
    const token = await mintSessionToken(claims, SECRET, COOKIE, 3600);
    const last = token.at(-2) === "A" ? "B" : "A";
    const tampered = `${token.slice(0, -2)}${last}${token.slice(-1)}`;
    expect(await readSessionToken(tampered, SECRET, COOKIE)).toBeNull();
    expect(await readSessionToken("garbage", SECRET, COOKIE)).toBeNull();
    expect(await readSessionToken("", SECRET, COOKIE)).toBeNull();
    const withoutVersion = await encode({
      token: { sub: "42", email: "x@test.local", roles: ["admin"] },
      secret: SECRET,
      salt: COOKIE,
      maxAge: 3600,
    });
    expect(await readSessionToken(withoutVersion, SECRET, COOKIE)).toBeNull();
    const withoutRoles = await encode({ token: { sub: "42", email: "x@test.local", sv: 0 }, secret: SECRET, salt: COOKIE, maxAge: 3600 });
    expect(await readSessionToken(withoutRoles, SECRET, COOKIE)).toBeNull();
  });

  it("cookie names: plain vs __Secure- prefixed", () => {
    expect(sessionCookieName(false)).toBe("shop.session-token");
    expect(sessionCookieName(true)).toBe("__Secure-shop.session-token");
  });
});

describe("readCookie", () => {
  const cases: { title: string; header: string | null; expected: string | undefined }[] = [
    { title: "no header", header: null, expected: undefined },
    { title: "empty header", header: "", expected: undefined },
    { title: "only cookie", header: "shop.session-token=abc", expected: "abc" },
    { title: "among others, with spaces", header: "a=1;  shop.session-token=abc ; b=2", expected: "abc" },
    { title: "value containing '='", header: "shop.session-token=a=b=c", expected: "a=b=c" },
    { title: "percent-encoded value is decoded", header: "shop.session-token=a%20b", expected: "a b" },
    {
      title: "a longer name that ends with ours does not match",
      header: "__Secure-shop.session-token=x; xshop.session-token=y",
      expected: undefined,
    },
    { title: "missing", header: "a=1; b=2", expected: undefined },
    { title: "first occurrence wins", header: "shop.session-token=first; shop.session-token=second", expected: "first" },
  ];
  for (const c of cases) {
    it(c.title, () => {
      expect(readCookie(c.header, "shop.session-token")).toBe(c.expected);
    });
  }

  it("a malformed percent-encoding does not throw (any request could carry it)", () => {
    expect(() => readCookie("shop.session-token=%E0%A4%A", "shop.session-token")).not.toThrow();
    expect(() => readCookie("shop.session-token=%", "shop.session-token")).not.toThrow();
  });
});

describe("rate limiter consume / peek", () => {
  // A window of a year, so no test can straddle a window boundary.
  const windowSeconds = 365 * 24 * 3600;
  const key = () => `test:${randomUUID()}`;

  it("consume counts 1, 2, 3 … and is allowed up to the limit, refused after it", async () => {
    const k = key();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consume({ key: k, limit: 3, windowSeconds }));
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    for (const r of results) {
      expect(r.retryAfter).toBeGreaterThanOrEqual(1);
      expect(r.retryAfter).toBeLessThanOrEqual(windowSeconds);
    }
  });

  it("peek reads the count without counting; an unknown key is 0; keys are independent", async () => {
    const a = key();
    const b = key();
    expect(await peek({ key: a, windowSeconds })).toBe(0);
    await consume({ key: a, limit: 10, windowSeconds });
    await consume({ key: a, limit: 10, windowSeconds });
    expect(await peek({ key: a, windowSeconds })).toBe(2);
    expect(await peek({ key: a, windowSeconds })).toBe(2);
    expect(await peek({ key: b, windowSeconds })).toBe(0);
    expect((await consume({ key: b, limit: 10, windowSeconds })).count).toBe(1);
    expect(await peek({ key: a, windowSeconds })).toBe(2);
  });

  it("N concurrent consume calls for one key yield the counts 1..N exactly once each", async () => {
    const k = key();
    const n = 25;
    const results = await Promise.all(Array.from({ length: n }, () => consume({ key: k, limit: 10, windowSeconds })));
    const counts = results.map((r) => r.count).sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await peek({ key: k, windowSeconds })).toBe(n);
  });

  it("release gives one counted event back, never below zero, and only for its own key", async () => {
    const k = key();
    const other = key();
    await release({ key: k, windowSeconds }); // nothing counted yet: a no-op
    expect(await peek({ key: k, windowSeconds })).toBe(0);
    for (let i = 0; i < 3; i++) await consume({ key: k, limit: 10, windowSeconds });
    await consume({ key: other, limit: 10, windowSeconds });
    await release({ key: k, windowSeconds });
    expect(await peek({ key: k, windowSeconds })).toBe(2);
    expect(await peek({ key: other, windowSeconds })).toBe(1);
    for (let i = 0; i < 5; i++) await release({ key: k, windowSeconds });
    expect(await peek({ key: k, windowSeconds })).toBe(0);
    expect((await consume({ key: k, limit: 10, windowSeconds })).count).toBe(1);
  });

  it("concurrent consume and release calls stay consistent: N consumes minus M releases", async () => {
    const k = key();
    await Promise.all(Array.from({ length: 20 }, () => consume({ key: k, limit: 100, windowSeconds })));
    await Promise.all([
      ...Array.from({ length: 10 }, () => consume({ key: k, limit: 100, windowSeconds })),
      ...Array.from({ length: 15 }, () => release({ key: k, windowSeconds })),
    ]);
    expect(await peek({ key: k, windowSeconds })).toBe(15);
  });

  it("secondsUntilReset: the rest of the current fixed window, at least 1", () => {
    expect(secondsUntilReset(60, 120_000)).toBe(60);
    expect(secondsUntilReset(60, 135_000)).toBe(45);
    expect(secondsUntilReset(60, 179_999)).toBe(1);
    expect(secondsUntilReset(900, 900_000 + 1)).toBe(900);
  });
});
