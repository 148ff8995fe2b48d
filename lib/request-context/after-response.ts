import "server-only";
import { after } from "next/server";
import { logger } from "@/lib/logger";

/** Kept so flushAfterResponse() can wait for work started outside a request (tests, scripts). */
const pending = new Set<Promise<void>>();

/**
 * Work whose duration would tell something (a lookup, a mail) must not delay the answer. Outside a request
 * scope the task starts on a later turn of the event loop; a failing task is logged, never thrown.
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

export async function flushAfterResponse(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
