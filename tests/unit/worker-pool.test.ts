import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { GenerationError } from "@/lib/integrations/ai/types";
import { offlineWorkerCounts, stylePhoto, stylePhotoInThread } from "@/lib/integrations/ai/offline";
import { WorkerJobError, WorkerPoolBusy, workerPool } from "@/lib/workers/pool";

const DOUBLER = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", ({ id, job }) => {
  if (job.n < 0) parentPort.postMessage({ id, error: { message: "negative: " + job.n } });
  else setTimeout(() => parentPort.postMessage({ id, result: job.n * 2 }), 5 - (job.n % 5));
});`;

let poolNo = 0;
const uniqueName = (what: string) => `${what} ${process.pid}-${++poolNo}-${Date.now()}`;

describe("worker pool", () => {
  it("with maxActive, a job beyond that many under way is refused at once (WorkerPoolBusy); finished jobs free their place", async () => {
    const pool = workerPool<{ n: number }, number>(uniqueName("bounded"), () => new Worker(DOUBLER, { eval: true }), {
      maxActive: () => 2,
    });
    const fallback = () => Promise.reject(new Error("the main thread is not used while the worker runs"));
    const running = [pool.run({ n: 1 }, fallback), pool.run({ n: 2 }, fallback)];
    const refused = await pool.run({ n: 3 }, fallback).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(WorkerPoolBusy);
    expect(await Promise.all(running)).toEqual([2, 4]);
    expect(await Promise.all([pool.run({ n: 5 }, fallback), pool.run({ n: 6 }, fallback)])).toEqual([10, 12]);
  });

  it("answers concurrent jobs from one worker, each with its own result, and passes a job's failure on without giving up the worker", async () => {
    let spawned = 0;
    const pool = workerPool<{ n: number }, number>(uniqueName("doubler"), () => {
      spawned++;
      return new Worker(DOUBLER, { eval: true });
    });
    const fallback = () => Promise.reject(new Error("the main thread is not used while the worker runs"));
    const results = await Promise.all(Array.from({ length: 12 }, (_, n) => pool.run({ n }, fallback)));
    expect(results).toEqual(Array.from({ length: 12 }, (_, n) => n * 2));

    const failed = await pool.run({ n: -3 }, fallback).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(WorkerJobError);
    expect((failed as WorkerJobError).detail).toEqual({ message: "negative: -3" });
    expect((failed as Error).message).toContain("negative: -3");

    expect(await pool.run({ n: 21 }, fallback)).toBe(42);
    expect(spawned).toBe(1);
    expect(pool.counts).toEqual({ worker: 13, mainThread: 0 });
  });

  it("runs jobs on the main thread when the worker cannot start, and does not start it again for every job", async () => {
    let spawned = 0;
    const pool = workerPool<{ n: number }, number>(uniqueName("missing"), () => {
      spawned++;
      return new Worker("./no-such-worker-file.mjs");
    });
    expect(await pool.run({ n: 1 }, async () => 100)).toBe(100);
    expect(await pool.run({ n: 2 }, async () => 200)).toBe(200);
    expect(spawned).toBe(1);
    expect(pool.counts).toEqual({ worker: 0, mainThread: 2 });
  });

  it("hands the jobs waiting on a worker that dies to the main thread", async () => {
    const pool = workerPool<{ n: number }, number>(
      uniqueName("dying"),
      () => new Worker(`require("node:worker_threads").parentPort.on("message", () => process.exit(3));`, { eval: true }),
    );
    expect(await Promise.all([pool.run({ n: 1 }, async () => -1), pool.run({ n: 2 }, async () => -2)])).toEqual([-1, -2]);
    expect(pool.counts).toEqual({ worker: 0, mainThread: 2 });
  });
});

describe("offline styles in the worker thread", () => {
  const photo = () =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: "#3b78c4", noise: { type: "gaussian", mean: 128, sigma: 30 } } })
      .jpeg({ quality: 90 })
      .toBuffer();

  it("gives the same bytes as styling on the main thread, answered by the worker", async () => {
    const data = await photo();
    const before = offlineWorkerCounts();
    const [inWorker, inWorker2] = await Promise.all([
      stylePhoto({ data, mimeType: "image/jpeg" }, "a pencil sketch", { style: "pencil" }),
      stylePhoto({ data, mimeType: "image/jpeg" }, "pop art", { style: "pop-art", variant: 1 }),
    ]);
    expect(offlineWorkerCounts()).toEqual({ worker: before.worker + 2, mainThread: before.mainThread });
    const here = await stylePhotoInThread({ data, mimeType: "image/jpeg" }, "a pencil sketch", { style: "pencil" });
    expect(Buffer.isBuffer(inWorker.data)).toBe(true);
    expect(inWorker.data.equals(here.data)).toBe(true);
    expect({ style: inWorker.style, width: inWorker.width, height: inWorker.height, mimeType: inWorker.mimeType }).toEqual({
      style: "pencil",
      width: here.width,
      height: here.height,
      mimeType: "image/jpeg",
    });
    expect(inWorker2.style).toBe("pop-art");
    expect(inWorker2.data.equals(inWorker.data)).toBe(false);
  }, 60_000);

  it("answers a photo that cannot be decoded with the generation error, and keeps using the worker", async () => {
    const before = offlineWorkerCounts();
    const err = await stylePhoto({ data: Buffer.from("not a picture"), mimeType: "image/jpeg" }, "pop art").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GenerationError);
    expect(err).toMatchObject({ kind: "failed", message: "offline provider: the photo cannot be decoded" });
    await stylePhoto({ data: await photo(), mimeType: "image/jpeg" }, "duotone", { style: "duotone" });
    expect(offlineWorkerCounts()).toEqual({ worker: before.worker + 1, mainThread: before.mainThread });
  }, 60_000);
});
