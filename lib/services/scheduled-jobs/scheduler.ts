import "server-only";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { runScheduledPass, type ScheduledJobsResult } from "./index";

export type Scheduler = {
  stop: () => Promise<void>;
};

/** The timer is unref'd, so it never keeps a process (or a test run) alive. */
export function startScheduler(opts: { intervalMs: number; onPass?: (result: ScheduledJobsResult | null) => void }): Scheduler {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    timer = undefined;
    running = runScheduledPass()
      .then((result) => {
        if (result && result.sent + result.failed + result.expiredOrders + result.finishedRefunds + result.issuedInvoices > 0)
          logger.info("scheduled jobs", { ...result });
        opts.onPass?.(result);
      })
      .catch((err: unknown) => logger.error("scheduled jobs failed", { err }))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, opts.intervalMs).unref();
      });
  };
  timer = setTimeout(tick, 0).unref();

  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export function schedulerMode(): "internal" | "external" {
  return env().SCHEDULER ?? (process.env.VERCEL ? "external" : "internal");
}

/** Next may load the server's modules more than once. */
const holder = globalThis as { __shopScheduler?: Scheduler };

export function startSchedulerOnServerStart(): Scheduler | null {
  if (schedulerMode() !== "internal") return null;
  if (holder.__shopScheduler) return holder.__shopScheduler;
  const minutes = env().SCHEDULER_INTERVAL_MINUTES;
  logger.info("scheduled jobs run in-process", { everyMinutes: minutes });
  const scheduler = startScheduler({ intervalMs: minutes * 60_000 });
  const started: Scheduler = {
    stop: async () => {
      if (holder.__shopScheduler === started) holder.__shopScheduler = undefined;
      await scheduler.stop();
    },
  };
  return (holder.__shopScheduler = started);
}
