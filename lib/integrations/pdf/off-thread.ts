import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToBuffer, type DocumentProps } from "@react-pdf/renderer";
import { logger } from "@/lib/api/logger";

/**
 * react-pdf documents rendered in a worker thread (lib/workers/pdf-render.mjs): its layout and PDF
 * writing take 100–300 ms of CPU for an invoice, which on the main thread would stall every other
 * request that long. The element tree is built here as before (JSX, function components called),
 * sent as plain data (react-pdf primitives are strings: "DOCUMENT", "PAGE", "VIEW", "TEXT"), and
 * rendered there with the same react-pdf, so the bytes are the same. The worker file is loaded from
 * the project folder (like db/migrations), not bundled. If it cannot run, or the tree holds
 * something that is not plain data, the document is rendered here as before (logged once).
 */

/** A react-pdf primitive with plain-data props, or text. */
export type PdfTree = string | { t: string; p: Record<string, unknown>; c: PdfTree[] };

const WORKER_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "workers", "pdf-render.mjs");
/** Sentinels to turn a page-number text function into a template (numbers no document reaches). */
const PAGE = 987_001;
const PAGES = 987_002;

class NotPlainData extends Error {}

function plainValue(value: unknown, key: string): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (typeof value === "function") {
    if (key !== "render") throw new NotPlainData(`a function in prop ${key}`);
    const text: unknown = (value as (p: { pageNumber: number; totalPages: number }) => unknown)({ pageNumber: PAGE, totalPages: PAGES });
    if (typeof text !== "string" || !text.includes(String(PAGE)) || !text.includes(String(PAGES))) throw new NotPlainData("a render prop that is not page-number text");
    return { $pages: text.split(String(PAGE)).join("\u0000P").split(String(PAGES)).join("\u0000T") };
  }
  if (value === null || ["string", "number", "boolean", "undefined"].includes(typeof value)) return value;
  if (Array.isArray(value)) return value.map((v) => plainValue(v, key));
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, plainValue(v, k)]));
  }
  throw new NotPlainData(`a ${Object.prototype.toString.call(value)} in prop ${key}`);
}

/** The element tree as plain data: function components are called, primitives kept with their props. */
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

type Job = { resolve: (pdf: Buffer) => void; reject: (err: Error) => void };

/** react-pdf failed on this document in the worker (not the worker itself). */
class RenderError extends Error {}
interface Pool {
  worker?: Worker;
  jobs: Map<number, Job>;
  next: number;
  /** The worker could not start or died at start-up: render on the main thread from now on. */
  broken: boolean;
}
const initial: Pool = { jobs: new Map(), next: 1, broken: false };
const pool: Pool = ((globalThis as { __shopPdfWorker?: Pool }).__shopPdfWorker ??= initial);

function worker(): Worker {
  if (pool.worker) return pool.worker;
  // execArgv []: not the parent's flags (e.g. tsx's --conditions=react-server, under which react-pdf cannot run).
  const w = new Worker(WORKER_FILE, { execArgv: [] });
  w.unref();
  const failAll = (err: Error) => {
    for (const job of pool.jobs.values()) job.reject(err);
    pool.jobs.clear();
    if (pool.worker === w) pool.worker = undefined;
  };
  w.on("message", (msg: { id: number; pdf?: Uint8Array; error?: string }) => {
    const job = pool.jobs.get(msg.id);
    if (!job) return;
    pool.jobs.delete(msg.id);
    if (pool.jobs.size === 0) w.unref();
    if (msg.pdf) job.resolve(Buffer.from(msg.pdf.buffer, msg.pdf.byteOffset, msg.pdf.length));
    else job.reject(new RenderError(`PDF worker: ${msg.error ?? "no answer"}`));
  });
  w.on("error", (err) => failAll(err));
  w.on("exit", (code) => failAll(new Error(`PDF worker exited with code ${code}`)));
  pool.worker = w;
  return w;
}

function renderInWorker(tree: PdfTree): Promise<Buffer> {
  const w = worker();
  const id = pool.next++;
  return new Promise<Buffer>((resolve, reject) => {
    pool.jobs.set(id, { resolve, reject });
    w.ref(); // an answer is awaited: keep the process alive until it comes
    w.postMessage({ id, tree });
  });
}

/** Renders a react-pdf document: in the worker thread, else (no worker, or not plain data) here. */
export async function renderPdf(document: ReactElement<DocumentProps>): Promise<Buffer> {
  if (!pool.broken) {
    let tree: PdfTree | undefined;
    try {
      tree = toPdfTree(document)[0];
    } catch (err) {
      if (!(err instanceof NotPlainData)) throw err;
      logger.warn("PDF rendered on the main thread: the document is not plain data", { err: err.message });
    }
    if (tree !== undefined) {
      try {
        return await renderInWorker(tree);
      } catch (err) {
        if (err instanceof RenderError) throw err;
        // A worker that cannot start (file missing, module not found) is not retried for every document.
        pool.broken = true;
        logger.warn("PDF worker failed; rendering on the main thread from now on", { err });
      }
    }
  }
  return renderToBuffer(document);
}
