import { parentPort } from "node:worker_threads";
import { GenerationError } from "../types";
import type { OfflineStyle } from "./palette";
import { stylePhotoInThread } from "./style-photo";

export interface StyleJob {
  image: Uint8Array;
  mimeType: string;
  prompt: string;
  size?: "1024x1024" | "1024x1536" | "1536x1024";
  variant?: number;
  style?: OfflineStyle;
}

export interface StyledPhoto {
  data: Uint8Array;
  mimeType: string;
  style: OfflineStyle;
  width: number;
  height: number;
}

export interface StyleJobFailure {
  kind: GenerationError["kind"];
  message: string;
}

parentPort?.on("message", async ({ id, job }: { id: number; job: StyleJob }) => {
  try {
    const image = Buffer.from(job.image.buffer, job.image.byteOffset, job.image.byteLength);
    const out = await stylePhotoInThread({ data: image, mimeType: job.mimeType }, job.prompt, {
      size: job.size,
      variant: job.variant,
      style: job.style,
    });
    const data = new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength);
    const result: StyledPhoto = { data, mimeType: out.mimeType, style: out.style, width: out.width, height: out.height };
    // The JPEG's memory is handed over rather than copied when the buffer is its own (not a pooled slice).
    const own = out.data.byteOffset === 0 && out.data.byteLength === out.data.buffer.byteLength;
    parentPort?.postMessage({ id, result }, own ? [out.data.buffer as ArrayBuffer] : []);
  } catch (err) {
    const error: StyleJobFailure =
      err instanceof GenerationError
        ? { kind: err.kind, message: err.message }
        : { kind: "failed", message: err instanceof Error ? err.message : String(err) };
    parentPort?.postMessage({ id, error });
  }
});
