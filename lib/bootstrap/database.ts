import path from "node:path";
import { migrateDb, openDb, type Db, type DbHandle } from "@/db/client";
import { countries } from "@/db/schema";
import { dataDir } from "@/lib/env";
import { seed } from "@/lib/seed";
import { refuseDefaultAdminPassword } from "@/lib/seed/admin";

export function openConfiguredDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  return openDb(url ? { url } : { pgliteDir: path.join(dataDir(), "pglite") });
}

export async function migrateAndSeed(handle: DbHandle): Promise<void> {
  await migrateDb(handle);
  await seed(handle.db);
}

async function hasData(db: Db): Promise<boolean> {
  const rows = await db.select({ code: countries.code }).from(countries).limit(1);
  return rows.length > 0;
}

/** Only into a new, empty PGlite database, so what an admin deleted does not come back on restart. */
export async function startUpDb(handle: DbHandle): Promise<void> {
  if (handle.kind !== "pglite" && process.env.DB_AUTO_MIGRATE !== "true") return;
  await migrateDb(handle);
  if (handle.kind === "pglite" && process.env.DB_AUTO_SEED !== "false" && !(await hasData(handle.db))) {
    const { seed: seedDemoData } = await import("@/lib/seed");
    await seedDemoData(handle.db);
  }
}

export async function openStartedDb(): Promise<DbHandle> {
  const handle = await openConfiguredDb();
  try {
    await startUpDb(handle);
    await refuseDefaultAdminPassword(handle.db);
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
  return handle;
}
