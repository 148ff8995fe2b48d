import "server-only";
import { getDb, type Tx } from "@/db/client";
import { logger } from "@/lib/logger";
import { runAfterResponse } from "@/lib/request-context/after-response";
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
export async function inTransaction<T>(
  fn: (tx: Tx, effects: Effects) => Promise<T>,
  opts: { effects?: "before-answer" | "after-response" } = {},
): Promise<T> {
  const effects = newEffects();
  const db = await getDb();
  const result = await db.transaction((tx) => fn(tx, effects));
  // Queued mail that is never tried is picked up by the retry pass, so work after the answer cannot be lost.
  if (opts.effects === "after-response") runAfterResponse("work after commit", () => runEffects(effects));
  else await runEffects(effects);
  return result;
}
