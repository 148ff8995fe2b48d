// Starts a worker thread from its TypeScript source where nothing was bundled (vitest, tsx scripts):
// tsx's API registers its loader in this thread, then imports the worker module given as
// workerData.entry (a file URL). Node 20's `--import tsx` in a worker's execArgv does not reach the
// worker's own entry module, hence this step. Messages posted meanwhile wait in the port's queue.
import { workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

await tsImport(workerData.entry, import.meta.url);
