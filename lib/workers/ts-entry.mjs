// Starts a worker from its TypeScript source where nothing was bundled (vitest, tsx): Node 20's `--import tsx`
// in a worker's execArgv does not reach the worker's entry module, so tsx is registered here first.
import { workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

await tsImport(workerData.entry, import.meta.url);
