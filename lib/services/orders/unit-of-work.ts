import "server-only";
import { getDb, type Tx } from "@/db/client";
import { logger } from "@/lib/logger";
import { deliverQueuedMails } from "../mail/delivery";
import { newEffects, type Effects } from "./effects";
import { recordMailOutcome } from "./events";

/** Runs what a committed transaction left to do: the after-work, then the mail it queued. Never throws. */
export async function runEffects(effects: Effects): Promise<void> {
  for (const job of effects.after) {
    try {
      await job();
    } catch (err) {
      logger.error("work after commit failed", { err });
    }
  }
  await deliverQueuedMails(effects.mailIds, recordMailOutcome);
}

/**
 * Runs fn in one transaction and, once it committed, runs its effects. PGlite has one
 * connection: nothing inside fn may call getDb() (it would wait for this transaction forever).
 * Lock order everywhere: the order row first (lockOrder), then its payments.
 */
export async function inTransaction<T>(fn: (tx: Tx, effects: Effects) => Promise<T>): Promise<T> {
  const effects = newEffects();
  const db = await getDb();
  const result = await db.transaction((tx) => fn(tx, effects));
  await runEffects(effects);
  return result;
}
