import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { TEST_USERS, serverUrl, tempDir, useServer } from "./test-db";

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
    storageDir: string;
  }
}

export default async function setup(project: TestProject) {
  process.env.ADMIN_EMAIL = TEST_USERS.admin.email;
  process.env.ADMIN_PASSWORD = TEST_USERS.admin.password;
  const storageDir = tempDir("shop-test-storage-");
  process.env.STORAGE_DIR = storageDir;
  const { openDb } = await import("../../db/client");
  const { migrateAndSeed } = await import("../../lib/bootstrap/database");
  const { hashPassword } = await import("../../lib/security/password");
  const { users } = await import("../../db/schema");

  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const templateName = `shop_test_tpl_${runId}`;
  let adminUrl: string | undefined;
  if (useServer) {
    adminUrl = serverUrl("postgres");
    const { default: postgres } = await import("postgres");
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${templateName}`);
    await admin.end();
  }
  const handle = useServer ? await openDb({ url: serverUrl(templateName) }) : await openDb({ pgliteDir: null });
  await migrateAndSeed(handle);
  for (const u of [TEST_USERS.customer, TEST_USERS.other]) {
    await handle.db.insert(users).values({
      email: u.email,
      passwordHash: await hashPassword(u.password),
      roles: ["customer"],
      firstName: "Test",
      lastName: "Customer",
    });
  }
  await handle.db.insert(users).values({
    email: TEST_USERS.staff.email,
    passwordHash: await hashPassword(TEST_USERS.staff.password),
    roles: ["staff"],
    firstName: "Test",
    lastName: "Staff",
  });

  let templateDb: string;
  if (useServer) {
    await handle.close();
    templateDb = templateName;
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    void PGlite;
    const client = (handle.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    const file = path.join(tempDir("shop-test-tpl-"), "template.tar");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    templateDb = file;
  }
  project.provide("templateDb", templateDb);
  project.provide("storageDir", storageDir);

  return async () => {
    fs.rmSync(storageDir, { recursive: true, force: true });
    if (useServer && adminUrl) {
      const { default: postgres } = await import("postgres");
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      const rows = await admin<{ datname: string }[]>`SELECT datname FROM pg_database WHERE datname LIKE ${`shop_test_%${runId}%`}`;
      for (const r of rows) await admin.unsafe(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    } else {
      fs.rmSync(path.dirname(templateDb), { recursive: true, force: true });
    }
  };
}
