import "server-only";
import { getDb, type Tx } from "@/db/client";
import { logger } from "@/lib/logger";
import { deliverQueuedMails } from "../../mail/delivery";
import { newEffects, type Effects } from "./effects";
import { recordMailOutcome } from "./events";

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

/** PGlite has one connection: nothing inside fn may call getDb(), it would wait for this transaction forever. */
export async function inTransaction<T>(fn: (tx: Tx, effects: Effects) => Promise<T>): Promise<T> {
  const effects = newEffects();
  const db = await getDb();
  const result = await db.transaction((tx) => fn(tx, effects));
  await runEffects(effects);
  return result;
}
