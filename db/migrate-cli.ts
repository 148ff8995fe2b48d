/** `npm run db:migrate`: applies the migrations to DATABASE_URL, or to the embedded PGlite data folder. */
import path from "node:path";
import { dataDir, migrateDb, openDb } from "./client";

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const handle = await openDb(url ? { url } : { pgliteDir: path.join(dataDir(), "pglite") });
  try {
    await migrateDb(handle);
    console.log(`Migrations applied (${handle.kind}).`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error("Migration failed:", err);
  process.exit(1);
});
