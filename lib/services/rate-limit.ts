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

/**
 * Counts one event atomically (INSERT … ON CONFLICT DO UPDATE … RETURNING), so concurrent requests on
 * any number of app instances see consistent counts. Returns whether this event is within the limit.
 */
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

/** Current count without counting (`at` chooses the window, default now). */
export async function peek(w: Omit<Window, "limit"> & { at?: number }): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, windowStart(w.windowSeconds, w.at))));
  return row?.count ?? 0;
}

/**
 * Gives back one counted event of the current window (never below zero): for callers that count an
 * attempt up front (so parallel attempts cannot all slip past a check) and then find it did not count.
 */
export async function release(w: Omit<Window, "limit">): Promise<void> {
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, windowStart(w.windowSeconds))));
}

/**
 * Adds `amount` to a window's counter only while the total stays within `limit`: one conditional
 * upsert (INSERT … ON CONFLICT DO UPDATE … WHERE count + amount <= limit), so concurrent callers on
 * any number of app instances can never together pass the limit. `at` chooses the window (default
 * now). Returns whether the amount was added.
 */
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

/** Changes a window's counter by `delta` (never below zero): settles an amount consumeAmount() reserved. */
export async function adjustAmount(w: Omit<Window, "limit"> & { delta: number; at?: number }): Promise<void> {
  if (w.delta === 0) return;
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} + ${w.delta}, 0)` })
    .where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, windowStart(w.windowSeconds, w.at))));
}

/** Forgets the current window's count (e.g. an account's failures after a successful sign-in). */
export async function resetRateLimit(w: Omit<Window, "limit">): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, windowStart(w.windowSeconds))));
}

/** Windows shorter than this never set the prune horizon below it (the hourly and login limits fit). */
const MIN_PRUNE_HORIZON_SECONDS = 24 * 3600;
/** consume() prunes at most this often per process. */
const PRUNE_INTERVAL_MS = 60_000;
let longestWindowSeconds = 0;
let lastPruneAt = Number.NEGATIVE_INFINITY;

/**
 * How old a window must be to be finished for every limiter: the longest window in use — at least a
 * day, at least the login window (configurable), at least any longer window this process has counted.
 * A window that started before now − horizon ended before now, whatever its own length.
 */
export function pruneHorizonSeconds(): number {
  return Math.max(MIN_PRUNE_HORIZON_SECONDS, env().LOGIN_WINDOW_SECONDS, longestWindowSeconds);
}

/**
 * Deletes every finished window (one DELETE over the window_start index), so a flood of distinct keys
 * cannot grow rate_limits without bound. consume() calls it at most once a minute per process; `now`
 * is a parameter for tests.
 */
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
    // Housekeeping only: the counted event stands; the next minute tries again.
    logger.warn("rate limit prune failed", { err });
  }
}
