import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { openDb, setDbHandle, type DbHandle } from "@/db/client";
import { serverUrl, useServer } from "./test-db";

/** Every test file gets its own fresh copy of the seeded template database. */
let handle: DbHandle | undefined;

beforeAll(async () => {
  process.env.STORAGE_DIR = inject("storageDir");
  const template = inject("templateDb");
  if (useServer) {
    const name = template.replace("shop_test_tpl_", `shop_test_f${randomBytes(3).toString("hex")}_`);
    const { default: postgres } = await import("postgres");
    const admin = postgres(serverUrl("postgres"), { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    handle = await openDb({ url: serverUrl(name) });
  } else {
    handle = await openDb({ pgliteDir: null, loadDataDir: new Blob([fs.readFileSync(template)]) });
  }
  setDbHandle(handle);
});

afterAll(async () => {
  setDbHandle(undefined);
  await handle?.close();
});
