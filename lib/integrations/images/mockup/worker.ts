import { parentPort } from "node:worker_threads";
import { renderMockupsInThread, type MockupImages, type MockupJob } from "./render";

/** One design per job, so the per-pixel loops never hold up the event loop; under vitest and tsx it runs from source (ts-entry.mjs). */

// The protocol of lib/workers/pool.ts: { id, job } → { id, result } | { id, error }.
parentPort?.on("message", async ({ id, job }: { id: number; job: MockupJob }) => {
  try {
    const result: MockupImages = await renderMockupsInThread(job);
    parentPort?.postMessage({ id, result });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
