import { parentPort } from "node:worker_threads";
import { renderMockupsInThread, type MockupImages, type MockupJob } from "./render";

parentPort?.on("message", async ({ id, job }: { id: number; job: MockupJob }) => {
  try {
    const result: MockupImages = await renderMockupsInThread(job);
    parentPort?.postMessage({ id, result });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
