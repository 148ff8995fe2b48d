import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, inject, vi } from "vitest";
import { openDb, peekDbHandle, setDbHandle, setDbOpener, type DbHandle } from "@/db/client";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { resetEnvCache } from "@/lib/env";
import { resetStorage } from "@/lib/integrations/storage";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import { resetPruneState } from "@/lib/services/rate-limit";
import { forgetLogins } from "./api";
import { serverUrl, useServer } from "./test-db";

// Test files share a worker's modules (isolate: false): each starts clean and leaves nothing running.
const envAtStart = { ...process.env };
function resetShared() {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  Object.assign(process.env, envAtStart);
  resetEnvCache();
  // A file that ran the bootstrap left its opener; the next file opens only its own copy.
  setDbOpener(undefined);
  resetStorage();
  invalidateCatalog();
  resetPruneState();
  forgetLogins();
}
resetShared();

async function freshCopy(): Promise<DbHandle> {
  const template = inject("templateDb");
  if (useServer) {
    const name = template.replace("shop_test_tpl_", `shop_test_f${randomBytes(3).toString("hex")}_`);
    const { default: postgres } = await import("postgres");
    const admin = postgres(serverUrl("postgres"), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      // A test database is thrown away: commits need not wait for the disk (3 ms a flush here).
      await admin.unsafe(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    } finally {
      await admin.end();
    }
    return openDb({ url: serverUrl(name) });
  }
  return openDb({ pgliteDir: null, loadDataDir: new Blob([fs.readFileSync(template)]) });
}

beforeAll(() => {
  process.env.STORAGE_DIR = inject("storageDir");
  setDbHandle(freshCopy);
});

afterAll(async () => {
  await flushAfterResponse();
  const opened = peekDbHandle();
  setDbHandle(undefined);
  await (await opened)?.close();
  // npm test's PostgreSQL pass runs only the files that used a database here.
  const list = process.env.TEST_DB_FILES;
  if (opened && list) fs.appendFileSync(list, `${expect.getState().testPath}\n`);
  resetShared();
});
