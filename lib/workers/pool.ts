import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { logger } from "@/lib/logger";

/** If the worker cannot start or dies, jobs run on the main thread: slower, but nothing fails. */

export class WorkerJobError extends Error {
  constructor(
    readonly pool: string,
    readonly detail: unknown,
  ) {
    super(`${pool} worker: ${typeof detail === "string" ? detail : ((detail as { message?: string } | null)?.message ?? "failed")}`);
    this.name = "WorkerJobError";
  }
}

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
  active: number;
  counts: { worker: number; mainThread: number };
}

export interface WorkerPool<Job, Result> {
  run(job: Job, fallback: () => Promise<Result>): Promise<Result>;
  readonly counts: Readonly<{ worker: number; mainThread: number }>;
}

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

/** Resolved from variables so a bundler does not copy the .ts source as an asset. */
export function typeScriptWorker(from: string, file: string): Worker {
  return new Worker(TS_ENTRY, { execArgv: [], workerData: { entry: new URL(file, from).href } });
}
