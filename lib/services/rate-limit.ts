import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";

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
  return { allowed: count <= w.limit, count, retryAfter: secondsUntilReset(w.windowSeconds) };
}

/** Current count without counting. */
export async function peek(w: Omit<Window, "limit">): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, windowStart(w.windowSeconds))));
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

/** Drops finished windows older than a day (called opportunistically). */
export async function pruneRateLimits(): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - 24 * 3600 * 1000)));
}
