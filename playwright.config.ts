import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import serverNodeFlags from "./scripts/server-node-flags.json" with { type: "json" };
import { E2E_ADMIN } from "./tests/e2e/admin-credentials";
import { E2E_WORKERS, e2eServer } from "./tests/e2e/helpers/servers";
import { E2E_SELLER } from "./tests/e2e/helpers/seller";

// Set in the environment so the test workers find their server's mail outbox under it too.
process.env.E2E_DATA_ROOT ??= path.join(process.cwd(), ".test-data", `e2e-${Date.now()}`);
const servers = Array.from({ length: E2E_WORKERS }, (_, i) => e2eServer(i));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // One shop server per worker (tests/e2e/fixtures.ts): tests of one file run in order, files side by side. Two
  // workers on two cores: a third finished no sooner (each worker brings a browser and a server) and its
  // oversubscribed cores let slow steps run into timeouts.
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // Whole flows (an editor walk with a generation, an admin form with its tabs) take up to a minute on a busy
  // two-core machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: servers[0]?.url,
    // Recorded for the retry of a failed test only: tracing every passing test costs CPU the other worker needs.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: servers.map(({ port, url, dataDir }) => ({
    // Served like `npm start`: scripts/server.mjs appends the peer address to X-Forwarded-For.
    command: `node ${serverNodeFlags.join(" ")} scripts/server.mjs -p ${port} -H 127.0.0.1`,
    url: `${url}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...E2E_SELLER,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
      LOG_LEVEL: "silent",
      // Every browser test comes from 127.0.0.1: the per-client guest limit would otherwise be shared by all of them.
      GUEST_GENERATIONS_PER_HOUR: "1000",
      USER_GENERATIONS_PER_HOUR: "1000",
      NEW_ACCOUNT_GENERATIONS_PER_HOUR: "1000",
      REGISTRATIONS_PER_HOUR: "1000",
      FORGOT_PASSWORD_PER_HOUR: "1000",
      ORDERS_PER_HOUR_PER_ACCOUNT: "1000",
      ORDERS_PER_HOUR_PER_CLIENT: "1000",
      CANCELS_PER_HOUR_PER_ACCOUNT: "1000",
      CANCELS_PER_HOUR_PER_CLIENT: "1000",
      DISCOUNT_CODE_FAILURES_PER_HOUR: "1000",
      // `npm start` runs with NODE_ENV=production, where the test-card sandbox must be allowed explicitly.
      PAYMENTS_SANDBOX: "true",
      // The specs share one owner: its first sign-in must land on /admin, not on the two-factor prompt (two-factor.spec.ts has its own server).
      TWO_FACTOR_SETUP_PROMPT: "false",
    },
  })),
});
