import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { logger } from "@/lib/logger";

/**
 * CPU-heavy work (react-pdf layout, the offline provider's pixel loops) done in one worker thread, so
 * the server's event loop keeps answering other requests meanwhile. One worker per kind of work, started
 * on first use and kept (unref'd while idle, so it never holds the process open). The protocol is
 * { id, job } → { id, result } | { id, error }; a worker answers jobs concurrently if its work awaits.
 *
 * If the worker cannot start (its file missing, a module it needs not found) or dies, the jobs waiting
 * on it and every later one run on the main thread instead (`fallback`, logged once): slower for
 * everyone else, but nothing fails because of where it ran. A job that failed *in* the worker (bad
 * input) is not a broken worker: its error is passed on as a `WorkerJobError` with the worker's detail.
 */

/** The job itself failed in the worker (not the worker): `detail` is what the worker sent as `error`. */
export class WorkerJobError extends Error {
  constructor(
    readonly pool: string,
    readonly detail: unknown,
  ) {
    super(`${pool} worker: ${typeof detail === "string" ? detail : ((detail as { message?: string } | null)?.message ?? "failed")}`);
    this.name = "WorkerJobError";
  }
}

/** More jobs are under way than the pool's `maxActive` allows: the caller is refused, nothing queued. */
export class WorkerPoolBusy extends Error {
  constructor(readonly pool: string) {
    super(`${pool} worker: too many jobs under way`);
    this.name = "WorkerPoolBusy";
  }
}

interface Pending {
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
}

interface PoolState {
  worker?: Worker;
  pending: Map<number, Pending>;
  next: number;
  broken: boolean;
  /** Jobs under way (in the worker or on the main thread). */
  active: number;
  /** Jobs answered by the worker and jobs run on the main thread (tests and benchmarks read them). */
  counts: { worker: number; mainThread: number };
}

export interface WorkerPool<Job, Result> {
  /**
   * Runs the job in the worker, else (worker broken) `fallback()` here. The job is copied to the worker
   * (structured clone, nothing transferred), so the caller's buffers stay usable for the fallback.
   */
  run(job: Job, fallback: () => Promise<Result>): Promise<Result>;
  /** Jobs answered by the worker / run on the main thread since start. */
  readonly counts: Readonly<{ worker: number; mainThread: number }>;
}

/**
 * A pool of one worker. `spawn` creates it: pass it `new Worker(...)` literally at the call site, since
 * a bundler finds the worker's entry there. The state lives on globalThis (one worker per process even
 * when a module is evaluated twice, as in `next dev`).
 */
export function workerPool<Job, Result>(
  name: string,
  spawn: () => Worker,
  opts: { maxActive?: () => number } = {},
): WorkerPool<Job, Result> {
  const pools = ((globalThis as { __shopWorkerPools?: Map<string, PoolState> }).__shopWorkerPools ??= new Map());
  let state = pools.get(name);
  if (!state) {
    state = { pending: new Map(), next: 1, broken: false, active: 0, counts: { worker: 0, mainThread: 0 } };
    pools.set(name, state);
  }
  const s = state;

  function worker(): Worker {
    if (s.worker) return s.worker;
    const w = spawn();
    w.unref();
    const failAll = (err: Error) => {
      for (const job of s.pending.values()) job.reject(err);
      s.pending.clear();
      if (s.worker === w) s.worker = undefined;
    };
    w.on("message", (msg: { id: number; result?: unknown; error?: unknown }) => {
      const job = s.pending.get(msg.id);
      if (!job) return;
      s.pending.delete(msg.id);
      if (s.pending.size === 0) w.unref();
      if ("error" in msg) job.reject(new WorkerJobError(name, msg.error));
      else {
        s.counts.worker++;
        job.resolve(msg.result);
      }
    });
    w.on("error", (err) => failAll(err));
    w.on("exit", (code) => failAll(new Error(`${name} worker exited with code ${code}`)));
    s.worker = w;
    return w;
  }

  function inWorker(job: Job): Promise<Result> {
    const w = worker();
    const id = s.next++;
    return new Promise<Result>((resolve, reject) => {
      s.pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
      w.ref(); // an answer is awaited: keep the process alive until it comes
      w.postMessage({ id, job });
    });
  }

  async function runNow(job: Job, fallback: () => Promise<Result>): Promise<Result> {
    if (!s.broken) {
      try {
        return await inWorker(job);
      } catch (err) {
        if (err instanceof WorkerJobError) throw err;
        // A worker that cannot start (file missing, module not found) is not retried for every job.
        s.broken = true;
        logger.warn(`${name} worker failed; running its jobs on the main thread from now on`, { err });
      }
    }
    s.counts.mainThread++;
    return fallback();
  }

  return {
    counts: s.counts,
    async run(job, fallback) {
      // A bounded queue: past maxActive jobs a caller is refused at once instead of waiting behind all of them.
      if (opts.maxActive && s.active >= opts.maxActive()) throw new WorkerPoolBusy(name);
      s.active++;
      try {
        return await runNow(job, fallback);
      } finally {
        s.active--;
      }
    },
  };
}

const TS_ENTRY = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "workers", "ts-entry.mjs");

/**
 * A worker from a TypeScript module where the code runs unbundled (vitest, tsx): `file` relative to the
 * calling module's URL `from`. (Resolved here, from variables, so that a bundler does not copy the .ts
 * source as an asset.) Bundled by Next, a worker is plain JavaScript and started directly instead.
 */
export function typeScriptWorker(from: string, file: string): Worker {
  return new Worker(TS_ENTRY, { execArgv: [], workerData: { entry: new URL(file, from).href } });
}
