import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { loginThrottle, rateLimits } from "@/db/schema";
import { logger } from "@/lib/logger";
import { env } from "@/lib/env";

export interface Window {
  key: string;
  limit: number;
  windowSeconds: number;
}

function windowStart(windowSeconds: number, now = Date.now()): Date {
  return new Date(Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000);
}

export function secondsUntilReset(windowSeconds: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((windowStart(windowSeconds, now).getTime() + windowSeconds * 1000 - now) / 1000));
}

export async function consume(w: Window): Promise<{ allowed: boolean; count: number; retryAfter: number }> {
  longestWindowSeconds = Math.max(longestWindowSeconds, w.windowSeconds);
  const db = await getDb();
  const start = windowStart(w.windowSeconds);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: w.key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  await pruneNowAndThen(Date.now());
  return { allowed: count <= w.limit, count, retryAfter: secondsUntilReset(w.windowSeconds) };
}

export async function peek(w: Omit<Window, "limit"> & { at?: number }): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, windowStart(w.windowSeconds, w.at))));
  return row?.count ?? 0;
}

export async function release(w: Omit<Window, "limit">): Promise<void> {
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, windowStart(w.windowSeconds))));
}

/** One conditional upsert, so concurrent callers on any number of instances can never together pass the limit. */
export async function consumeAmount(w: Window & { amount: number; at?: number }, db: Db | Tx): Promise<boolean> {
  if (w.amount > w.limit) return false;
  longestWindowSeconds = Math.max(longestWindowSeconds, w.windowSeconds);
  const rows = await db
    .insert(rateLimits)
    .values({ key: w.key, windowStart: windowStart(w.windowSeconds, w.at), count: w.amount })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + ${w.amount}` },
      setWhere: sql`${rateLimits.count} + ${w.amount} <= ${w.limit}`,
    })
    .returning({ count: rateLimits.count });
  return rows.length > 0;
}

export async function adjustAmount(w: Omit<Window, "limit"> & { delta: number; at?: number }): Promise<void> {
  if (w.delta === 0) return;
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} + ${w.delta}, 0)` })
    .where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, windowStart(w.windowSeconds, w.at))));
}

export async function resetRateLimit(w: Omit<Window, "limit">): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, windowStart(w.windowSeconds))));
}

const MIN_PRUNE_HORIZON_SECONDS = 24 * 3600;
const PRUNE_INTERVAL_MS = 60_000;
let longestWindowSeconds = 0;
let lastPruneAt = Number.NEGATIVE_INFINITY;

export function resetPruneState(): void {
  longestWindowSeconds = 0;
  lastPruneAt = Number.NEGATIVE_INFINITY;
}

export function pruneHorizonSeconds(): number {
  return Math.max(MIN_PRUNE_HORIZON_SECONDS, env().LOGIN_WINDOW_SECONDS, longestWindowSeconds);
}

/** So a flood of distinct keys cannot grow rate_limits without bound. */
export async function pruneRateLimits(now = Date.now()): Promise<void> {
  const db = await getDb();
  const horizon = new Date(now - pruneHorizonSeconds() * 1000);
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, horizon));
  await db.delete(loginThrottle).where(lt(loginThrottle.nextAttemptAt, horizon));
}

async function pruneNowAndThen(now: number): Promise<void> {
  if (now - lastPruneAt < PRUNE_INTERVAL_MS) return;
  lastPruneAt = now;
  try {
    await pruneRateLimits(now);
  } catch (err) {
    logger.warn("rate limit prune failed", { err });
  }
}
