import "server-only";
import { Worker } from "node:worker_threads";
import { typeScriptWorker, workerPool } from "@/lib/workers/pool";
import { renderMockupsInThread, type MockupImages, type MockupJob } from "./render";

export type { MockupImages, MockupJob } from "./render";

const pool = workerPool<MockupJob, MockupImages>("Mockup", () =>
  process.env.NEXT_RUNTIME
    ? new Worker("./lib/integrations/images/mockup/worker.ts", { execArgv: [] })
    : typeScriptWorker(import.meta.url, "./worker.ts"),
);

export const mockupWorkerCounts = () => ({ ...pool.counts });

const asBuffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

export async function renderMockups(job: MockupJob): Promise<Record<keyof MockupImages, Buffer>> {
  const out = await pool.run(job, () => renderMockupsInThread(job));
  return { front: asBuffer(out.front), left: asBuffer(out.left), right: asBuffer(out.right) };
}
