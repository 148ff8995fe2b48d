import { afterEach, describe, expect, it, vi } from "vitest";
import { mintSessionToken, readSessionToken, VERIFIED_TOKENS_MAX, verifiedTokenCount } from "@/lib/auth/tokens";
import { ENTRY_TTL_MS, MAX_ENTRIES, parsePayload, SessionUserCache } from "@/lib/services/session-cache";

const SECRET = "unit-secret-unit-secret-unit-secret-0123";
const COOKIE = "shop.session-token";
const claims = { sub: "7", email: "a@example.com", roles: ["customer" as const], sv: 3 };

afterEach(() => {
  vi.useRealTimers();
});

describe("verified tokens (lib/auth/tokens.ts)", () => {
  it("an expired token is refused even when it was verified (and remembered) before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const token = await mintSessionToken(claims, SECRET, COOKIE, 60);
    expect(await readSessionToken(token, SECRET, COOKIE)).toEqual(claims);
    vi.setSystemTime(new Date("2026-01-01T00:01:10Z")); // past exp, inside the 15 s tolerance
    expect(await readSessionToken(token, SECRET, COOKIE)).toEqual(claims);
    vi.setSystemTime(new Date("2026-01-01T00:01:16Z")); // past exp + 15 s
    expect(await readSessionToken(token, SECRET, COOKIE)).toBeNull();
    expect(await readSessionToken(token, SECRET, COOKIE)).toBeNull();
  });

  it("a remembered token is not accepted under another secret or cookie name", async () => {
    const token = await mintSessionToken(claims, SECRET, COOKIE, 3600);
    expect(await readSessionToken(token, SECRET, COOKIE)).toEqual(claims);
    expect(await readSessionToken(token, `${SECRET}-other`, COOKIE)).toBeNull();
    expect(await readSessionToken(token, SECRET, `__Secure-${COOKIE}`)).toBeNull();
  });

  it("callers cannot change what is remembered", async () => {
    const token = await mintSessionToken(claims, SECRET, COOKIE, 3600);
    const first = await readSessionToken(token, SECRET, COOKIE);
    first?.roles.push("admin");
    expect(await readSessionToken(token, SECRET, COOKIE)).toEqual(claims);
  });

  it(`remembers at most ${VERIFIED_TOKENS_MAX} tokens`, async () => {
    const tokens = await Promise.all(
      Array.from({ length: VERIFIED_TOKENS_MAX + 10 }, (_, i) => mintSessionToken({ ...claims, sub: String(i) }, SECRET, COOKIE, 3600)),
    );
    for (const t of tokens) await readSessionToken(t, SECRET, COOKIE);
    expect(verifiedTokenCount()).toBe(VERIFIED_TOKENS_MAX);
  });
});

describe("SessionUserCache (lib/services/session-cache)", () => {
  const row = (id: number, sv = 0) => ({ id, sv });

  it("serves a loaded value from memory, once per id (concurrent loads share one query)", async () => {
    const cache = new SessionUserCache<{ id: number; sv: number }>();
    const loader = vi.fn(async () => row(1));
    await Promise.all([cache.load(1, loader), cache.load(1, loader)]);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(cache.peek(1)).toEqual(row(1));
  });

  it(`holds at most ${MAX_ENTRIES} users, dropping the least recently used`, async () => {
    const cache = new SessionUserCache<{ id: number; sv: number }>();
    for (let id = 1; id <= MAX_ENTRIES; id++) await cache.load(id, async () => row(id));
    expect(cache.peek(1)).toBeDefined(); // 1 is now the most recently used
    await cache.load(MAX_ENTRIES + 1, async () => row(MAX_ENTRIES + 1));
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(cache.peek(1)).toBeDefined();
    expect(cache.peek(2)).toBeUndefined();
  });

  it("never stores a missing user", async () => {
    const cache = new SessionUserCache<{ id: number; sv: number }>();
    expect(await cache.load(5, async () => null)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("entries expire", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = new SessionUserCache<{ id: number; sv: number }>();
    await cache.load(1, async () => row(1));
    vi.setSystemTime(Date.now() + ENTRY_TTL_MS + 1);
    expect(cache.peek(1)).toBeUndefined();
  });

  it("while not usable (LISTEN down) it serves nothing and stores nothing: every lookup goes to the database", async () => {
    let usable = true;
    const cache = new SessionUserCache<{ id: number; sv: number }>(() => usable);
    await cache.load(1, async () => row(1));
    usable = false;
    expect(cache.peek(1)).toBeUndefined();
    await cache.load(2, async () => row(2));
    usable = true;
    expect(cache.peek(2)).toBeUndefined();
  });

  it("a load running while the user is invalidated is not stored, and later lookups do not join it", async () => {
    const cache = new SessionUserCache<{ id: number; sv: number }>();
    let finish: (v: { id: number; sv: number }) => void = () => {};
    const stale = cache.load(1, () => new Promise((resolve) => (finish = resolve)));
    cache.forget([1]);
    const fresh = cache.load(1, async () => row(1, 1));
    finish(row(1, 0));
    expect(await stale).toEqual(row(1, 0));
    expect(await fresh).toEqual(row(1, 1));
    expect(cache.peek(1)).toEqual(row(1, 1));
  });

  it("parses notification payloads: ids, or * for everyone", () => {
    expect(parsePayload("1,22,x")).toEqual([1, 22]);
    expect(parsePayload("*")).toBeUndefined();
  });
});
