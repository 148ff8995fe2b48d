import { test as base } from "@playwright/test";
import { e2eServer } from "./helpers/servers";

export * from "@playwright/test";

/**
 * Each Playwright worker talks to its own shop server (its own database and outbox), so workers run side by side
 * without seeing each other's orders, limits or settings.
 */
export const test = base.extend<object, { workerServer: void }>({
  baseURL: async ({}, use, testInfo) => use(e2eServer(testInfo.parallelIndex).url),
  workerServer: [
    async ({}, use, workerInfo) => {
      process.env.E2E_DATA_DIR = e2eServer(workerInfo.parallelIndex).dataDir;
      await use();
    },
    { scope: "worker", auto: true },
  ],
});
