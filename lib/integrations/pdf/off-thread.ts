import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import type { DocumentProps } from "@react-pdf/renderer";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { env } from "@/lib/env";
import { WorkerPoolBusy, workerPool } from "@/lib/workers/pool";

/** react-pdf's layout would stall every other request on the main thread, so it runs in a worker. */

export type PdfTree = string | { t: string; p: Record<string, unknown>; c: PdfTree[] };

const WORKER_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "workers", "pdf-render.mjs");
const PAGE = 987_001;
const PAGES = 987_002;

class NotPlainData extends Error {}

function plainValue(value: unknown, key: string): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (typeof value === "function") {
    if (key !== "render") throw new NotPlainData(`a function in prop ${key}`);
    const text: unknown = (value as (p: { pageNumber: number; totalPages: number }) => unknown)({ pageNumber: PAGE, totalPages: PAGES });
    if (typeof text !== "string" || !text.includes(String(PAGE)) || !text.includes(String(PAGES)))
      throw new NotPlainData("a render prop that is not page-number text");
    return { $pages: text.split(String(PAGE)).join("\u0000P").split(String(PAGES)).join("\u0000T") };
  }
  if (value === null || ["string", "number", "boolean", "undefined"].includes(typeof value)) return value;
  if (Array.isArray(value)) return value.map((v) => plainValue(v, key));
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, plainValue(v, k)]));
  }
  throw new NotPlainData(`a ${Object.prototype.toString.call(value)} in prop ${key}`);
}

export function toPdfTree(node: ReactNode): PdfTree[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") return [String(node)];
  if (Array.isArray(node)) return node.flatMap((n: ReactNode) => toPdfTree(n));
  if (!isValidElement(node)) throw new NotPlainData("a child that is not an element");
  const { type } = node;
  const props = node.props as Record<string, unknown> & { children?: ReactNode };
  if (typeof type === "function") return toPdfTree((type as (p: unknown) => ReactNode)(props));
  if (typeof type !== "string") throw new NotPlainData("an element type that is not a react-pdf primitive");
  const { children, ...rest } = props;
  return [{ t: type, p: plainValue(rest, "props") as Record<string, unknown>, c: toPdfTree(children) }];
}

const pool = workerPool<{ tree: PdfTree }, Uint8Array>(
  "PDF",
  // execArgv []: not the parent's flags (e.g. tsx's --conditions=react-server, under which react-pdf cannot run).
  () => new Worker(WORKER_FILE, { execArgv: [] }),
  { maxActive: () => env().PDF_QUEUE_MAX },
);

const BUSY_RETRY_AFTER_SECONDS = 5;

export const pdfWorkerCounts = () => ({ ...pool.counts });

async function renderHere(document: ReactElement<DocumentProps>): Promise<Buffer> {
  const { renderToBuffer } = await import("@react-pdf/renderer");
  return renderToBuffer(document);
}

/** Bounded, so a flood of downloads cannot pile up unbounded work. */
export async function renderPdf(document: ReactElement<DocumentProps>): Promise<Buffer> {
  let tree: PdfTree | undefined;
  try {
    tree = toPdfTree(document)[0];
  } catch (err) {
    if (!(err instanceof NotPlainData)) throw err;
    logger.warn("PDF rendered on the main thread: the document is not plain data", { err: err.message });
  }
  if (tree === undefined) return renderHere(document);
  const pdf = await pool
    .run({ tree }, () => renderHere(document))
    .catch((err: unknown) => {
      if (err instanceof WorkerPoolBusy) throw new ApiError(503, "errors.pdfBusy", undefined, { retryAfter: BUSY_RETRY_AFTER_SECONDS });
      throw err;
    });
  return Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf.buffer, pdf.byteOffset, pdf.length);
}
