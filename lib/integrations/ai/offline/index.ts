import "server-only";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { typeScriptWorker, WorkerJobError, workerPool } from "@/lib/workers/pool";
import { GenerationError, type GenerateRequest, type GenerateResult, type GeneratedImage, type ImageModelAdapter } from "../types";
import type { OfflineStyle } from "./palette";
import { stylePhotoInThread } from "./style-photo";
import type { StyledPhoto, StyleJob, StyleJobFailure } from "./worker";

export { OFFLINE_STYLES, duotoneColours, pickOfflineStyle, type OfflineStyle } from "./palette";
export { stylePhotoInThread } from "./style-photo";

export const OFFLINE_PROVIDER = "offline";
export const OFFLINE_MODEL_ID = "offline-style";

const pool = workerPool<StyleJob, StyledPhoto>("Offline style", () =>
  // Turbopack bundles a literal `new Worker("<path>")` as its own entry; execArgv []: not tsx's conditions.
  process.env.NEXT_RUNTIME
    ? new Worker("./lib/integrations/ai/offline/worker.ts", { execArgv: [] })
    : typeScriptWorker(import.meta.url, "./worker.ts"),
);

export const offlineWorkerCounts = () => ({ ...pool.counts });

export async function stylePhoto(
  image: GenerateRequest["image"],
  prompt: string,
  opts: { size?: GenerateRequest["settings"]["size"]; variant?: number; style?: OfflineStyle } = {},
): Promise<GeneratedImage & { style: OfflineStyle; width: number; height: number }> {
  const job: StyleJob = { image: image.data, mimeType: image.mimeType, prompt, ...opts };
  try {
    const out = await pool.run(job, () => stylePhotoInThread(image, prompt, opts));
    return Buffer.isBuffer(out.data)
      ? (out as StyledPhoto & { data: Buffer })
      : { ...out, data: Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength) };
  } catch (err) {
    if (!(err instanceof WorkerJobError)) throw err;
    const failure = err.detail as StyleJobFailure;
    throw new GenerationError(failure.kind, failure.message, err);
  }
}

function abortError(signal: AbortSignal): GenerationError {
  return new GenerationError("timeout", "offline provider: aborted", signal.reason);
}

function simulatedWait(signal: AbortSignal): Promise<void> {
  const ms = env().OFFLINE_AI_DELAY_MS;
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", done);
      resolve();
    }, ms);
    if (signal.aborted) done();
    else signal.addEventListener("abort", done, { once: true });
  });
}

export const offlineAdapter: ImageModelAdapter = {
  provider: OFFLINE_PROVIDER,
  usable: true,
  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const n = Math.min(4, Math.max(1, Math.floor(req.settings.n ?? 1)));
    const images: GeneratedImage[] = [];
    await simulatedWait(req.signal);
    for (let variant = 0; variant < n; variant++) {
      if (req.signal.aborted) throw abortError(req.signal);
      const { data, mimeType } = await stylePhoto(req.image, req.prompt, { size: req.settings.size, variant });
      images.push({ data, mimeType });
    }
    if (req.signal.aborted) throw abortError(req.signal);
    return { images, provider: OFFLINE_PROVIDER, modelId: OFFLINE_MODEL_ID, costMicroCents: 0 };
  },
};
