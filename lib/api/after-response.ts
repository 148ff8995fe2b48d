import "server-only";
import { after } from "next/server";
import { logger } from "@/lib/logger";

/** Work started outside a request scope (API tests, scripts), so flushAfterResponse() can wait for it. */
const pending = new Set<Promise<void>>();

/**
 * Runs `task` after the answer was sent: inside a request through Next's after(), so work whose
 * duration would tell something (a lookup, a mail) does not delay the answer. Outside a request
 * scope after() throws; the task then starts on a later turn of the event loop, never before the
 * caller got its answer. A failing task is logged, never thrown: the answer is already out.
 */
export function runAfterResponse(what: string, task: () => Promise<void>): void {
  const run = async () => {
    try {
      await task();
    } catch (err) {
      logger.error("after-response task failed", { what, err });
    }
  };
  try {
    after(run);
    return;
  } catch {
    // Not inside a request: run it detached below.
  }
  const started = new Promise<void>((resolve) => setImmediate(resolve)).then(run);
  pending.add(started);
  void started.finally(() => pending.delete(started));
}

/** Waits until every task started outside a request scope (and any they started) has finished. */
export async function flushAfterResponse(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
