import "server-only";
import { after } from "next/server";
import { logger } from "@/lib/logger";

const pending = new Set<Promise<void>>();
let gate: Promise<void> | null = null;

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
  const held = gate;
  const started = new Promise<void>((resolve) => setImmediate(resolve)).then(() => held).then(run);
  pending.add(started);
  void started.finally(() => pending.delete(started));
}

/** While held, returns at once: held work cannot finish, and waiting for it would never end. */
export async function flushAfterResponse(): Promise<void> {
  while (pending.size > 0 && gate === null) await Promise.all([...pending]);
}

/** For tests: detached work waits until released, so the state at the moment of the answer can be read without a race. */
export function holdAfterResponse(): () => void {
  let release = () => {};
  gate = new Promise<void>((resolve) => (release = resolve));
  return () => {
    gate = null;
    release();
  };
}
