/** Start-up work on the database, above db/; no "server-only" because the db CLIs and the tests' global setup use it too. */
import path from "node:path";
import { migrateDb, openDb, type Db, type DbHandle } from "@/db/client";
import { countries } from "@/db/schema";
import { dataDir } from "@/lib/env";
import { seed } from "@/lib/seed";
import { refuseDefaultAdminPassword } from "@/lib/seed/admin";

/** The configured database: DATABASE_URL (postgres.js), else embedded PGlite in $DATA_DIR/pglite. */
export function openConfiguredDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  return openDb(url ? { url } : { pgliteDir: path.join(dataDir(), "pglite") });
}

/** Applies the migrations, then writes the idempotent demo data (npm run db:seed, the tests' template). */
export async function migrateAndSeed(handle: DbHandle): Promise<void> {
  await migrateDb(handle);
  await seed(handle.db);
}

async function hasData(db: Db): Promise<boolean> {
  const rows = await db.select({ code: countries.code }).from(countries).limit(1);
  return rows.length > 0;
}

/** Demo data goes only into a new, empty PGlite database, so what an admin deleted does not come back on restart. */
export async function startUpDb(handle: DbHandle): Promise<void> {
  if (handle.kind !== "pglite" && process.env.DB_AUTO_MIGRATE !== "true") return;
  await migrateDb(handle);
  if (handle.kind === "pglite" && process.env.DB_AUTO_SEED !== "false" && !(await hasData(handle.db))) {
    // Loaded only when needed: the seed draws example images with sharp.
    const { seed: seedDemoData } = await import("@/lib/seed");
    await seedDemoData(handle.db);
  }
}

/** Opens the configured database and does the start-up work; closes it again when that fails. */
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
