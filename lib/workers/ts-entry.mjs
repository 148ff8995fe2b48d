// Node 20's `--import tsx` in execArgv does not reach a worker's entry module, so tsx is registered here.
import { workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

await tsImport(workerData.entry, import.meta.url);
