import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inArray, like } from "drizzle-orm";
import { getDb } from "@/db/client";
import { loginThrottle, rateLimits } from "@/db/schema";
import { consume, peek, pruneRateLimits } from "@/lib/services/rate-limit";

const HOUR = 3600;
const DAY = 24 * HOUR;
/** Milliseconds of `seconds`. */
const ms = (seconds: number) => seconds * 1000;
const hourStart = (t: number) => new Date(Math.floor(t / (HOUR * 1000)) * HOUR * 1000);

/** Writes rows the way a flood of distinct client addresses leaves them behind. */
async function insertRows(prefix: string, n: number, windowStart: Date): Promise<string[]> {
  const keys = Array.from({ length: n }, (_, i) => `${prefix}:${i}:${randomUUID()}`);
  const db = await getDb();
  for (let i = 0; i < keys.length; i += 500) {
    await db.insert(rateLimits).values(keys.slice(i, i + 500).map((key) => ({ key, windowStart, count: 1 })));
  }
  return keys;
}

async function countOf(keys: string[]): Promise<number> {
  const db = await getDb();
  let total = 0;
  for (let i = 0; i < keys.length; i += 500) total += await db.$count(rateLimits, inArray(rateLimits.key, keys.slice(i, i + 500)));
  return total;
}

describe("rate_limits is pruned (issue 10, section 2)", () => {
  it("consume – a flood of distinct expired keys is deleted by the limiter itself; current windows stay", async () => {
    const now = Date.now();
    const expired = await insertRows("flood:expired", 2000, hourStart(now - ms(3 * DAY)));
    const current = await insertRows("flood:current", 50, hourStart(now));
    expect(await countOf(expired)).toBe(2000);

    const key = `generate:guest:${randomUUID()}`;
    const r = await consume({ key, limit: 5, windowSeconds: HOUR });
    expect(r).toMatchObject({ allowed: true, count: 1 });

    expect(await countOf(expired)).toBe(0);
    expect(await countOf(current)).toBe(50);
    expect(await peek({ key, windowSeconds: HOUR })).toBe(1);
  });

  it("consume – prunes at most once a minute per process, not on every request", async () => {
    const expired = await insertRows("flood:again", 20, hourStart(Date.now() - ms(3 * DAY)));
    await consume({ key: `generate:guest:${randomUUID()}`, limit: 5, windowSeconds: HOUR });
    expect(await countOf(expired)).toBe(20);
    await pruneRateLimits();
    expect(await countOf(expired)).toBe(0);
  });

  it("pruneRateLimits(now) – deletes exactly the windows that started before now minus the longest window in use", async () => {
    const now = Date.now();
    const twoDaysOld = await insertRows("prune:2d", 10, hourStart(now - ms(2 * DAY)));
    const hourOld = await insertRows("prune:1h", 10, hourStart(now - ms(HOUR)));
    await pruneRateLimits(now);
    expect(await countOf(twoDaysOld)).toBe(0);
    expect(await countOf(hourOld)).toBe(10);
    // A day and a half later even the hour-old windows are long finished.
    await pruneRateLimits(now + ms(1.5 * DAY));
    expect(await countOf(hourOld)).toBe(0);
  });

  it("pruneRateLimits – keeps the rows of a longer window this process uses, while that window runs", async () => {
    const windowSeconds = 30 * DAY;
    const key = `test:long:${randomUUID()}`;
    const db = await getDb();
    // This process counts in a window of 30 days: a row of such a window that started 20 days ago
    // is still running, so neither it nor the current one may be pruned.
    await consume({ key, limit: 100, windowSeconds });
    await db.insert(rateLimits).values({ key: `${key}:running`, windowStart: new Date(Date.now() - ms(20 * DAY)), count: 3 });
    await pruneRateLimits();
    expect(await peek({ key, windowSeconds })).toBe(1);
    expect(await db.$count(rateLimits, like(rateLimits.key, `${key}:running`))).toBe(1);
  });

  it("consume – the limit still holds across a prune", async () => {
    const key = `login:client:${randomUUID()}`;
    const w = { key, limit: 3, windowSeconds: HOUR };
    const counts = [];
    for (let i = 0; i < 3; i++) {
      counts.push((await consume(w)).count);
      await pruneRateLimits();
    }
    const over = await consume(w);
    expect(counts).toEqual([1, 2, 3]);
    expect(over).toMatchObject({ allowed: false, count: 4 });
  });
});

describe("login_throttle is pruned with the rate limits", () => {
  it("pruneRateLimits(now) – sign-in slots whose time passed long ago are deleted; recent ones stay", async () => {
    const now = Date.now();
    const db = await getDb();
    const old = `login:account:old-${randomUUID()}@test.local`;
    const recent = `login:account:recent-${randomUUID()}@test.local`;
    await db.insert(loginThrottle).values([
      { key: old, slots: 5, nextAttemptAt: new Date(now - ms(400 * DAY)) },
      { key: recent, slots: 2, nextAttemptAt: new Date(now + ms(30)) },
    ]);
    await pruneRateLimits(now);
    const left = (
      await db
        .select({ key: loginThrottle.key })
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, [old, recent]))
    ).map((r) => r.key);
    expect(left).toEqual([recent]);
  });
});
