import "server-only";
import { after } from "next/server";
import { logger } from "@/lib/logger";

const pending = new Set<Promise<void>>();

/** Work whose duration would tell something (a lookup, a mail) must not delay the answer; outside a request it runs detached. */
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
  } catch {}
  const started = new Promise<void>((resolve) => setImmediate(resolve)).then(run);
  pending.add(started);
  void started.finally(() => pending.delete(started));
}

export async function flushAfterResponse(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
