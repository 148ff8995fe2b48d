import { test as base } from "@playwright/test";
import { e2eServer } from "./helpers/servers";

export * from "@playwright/test";

// One server per worker, so workers never see each other's orders, limits or settings.
export const test = base.extend<object, { workerServer: void }>({
  baseURL: async ({}, provide, testInfo) => provide(e2eServer(testInfo.parallelIndex).url),
  workerServer: [
    async ({}, provide, workerInfo) => {
      process.env.E2E_DATA_DIR = e2eServer(workerInfo.parallelIndex).dataDir;
      await provide();
    },
    { scope: "worker", auto: true },
  ],
});
