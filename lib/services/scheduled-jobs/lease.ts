import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { schedulerLeases } from "@/db/schema";

export const LEASE_MS = 15 * 60_000;

export type Lease = { name: string; holder: string };

/** One conditional upsert, so no transaction stays open while the jobs run. */
export async function takeLease(name: string, now = new Date()): Promise<Lease | null> {
  const holder = randomUUID();
  const expiresAt = new Date(now.getTime() + LEASE_MS);
  const db = await getDb();
  const rows = await db
    .insert(schedulerLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: schedulerLeases.name,
      set: { holder, expiresAt },
      setWhere: lt(schedulerLeases.expiresAt, sql`${now.toISOString()}::timestamptz`),
    })
    .returning({ holder: schedulerLeases.holder });
  return rows[0]?.holder === holder ? { name, holder } : null;
}

export async function renewLease(lease: Lease, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(schedulerLeases)
    .set({ expiresAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(schedulerLeases.name, lease.name), eq(schedulerLeases.holder, lease.holder)))
    .returning({ name: schedulerLeases.name });
  return rows.length === 1;
}

export async function releaseLease(lease: Lease): Promise<void> {
  const db = await getDb();
  await db.delete(schedulerLeases).where(and(eq(schedulerLeases.name, lease.name), eq(schedulerLeases.holder, lease.holder)));
}
