import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // The guard package throws outside React Server Components; tests are server code.
      "server-only": path.join(root, "tests/helpers/empty.ts"),
    },
  },
  test: {
    environment: "node",
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts", "tests/security/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/setup-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Threads start faster than processes; each file still gets its own module graph and environment copy.
    pool: "threads",
    isolate: false,
    // One worker more than cores: test files also wait (timers, fake servers, the database), so both cores stay busy.
    maxWorkers: Math.max(3, os.availableParallelism()),
    env: {
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      ADMIN_EMAIL: "admin@test.local",
      ADMIN_PASSWORD: "admin-pass-123",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      // A cheaper scrypt: the suite hashes thousands of passwords. auth-units and password-hash-cap use the default.
      PASSWORD_HASH_COST: "12",
      TZ: "UTC",
      // Test files place and cancel many orders from one client address ("unknown"); order-rate-limit.test.ts sets its own limits.
      ORDERS_PER_HOUR_PER_ACCOUNT: "1000",
      ORDERS_PER_HOUR_PER_CLIENT: "1000",
      CANCELS_PER_HOUR_PER_ACCOUNT: "1000",
      CANCELS_PER_HOUR_PER_CLIENT: "1000",
      // Discount tests enter many refused codes from one address; discount-hardening.test.ts checks the default.
      DISCOUNT_CODE_FAILURES_PER_HOUR: "1000",
    },
  },
});
