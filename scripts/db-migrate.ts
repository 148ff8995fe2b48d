import { migrateDb } from "@/db/client";
import { openConfiguredDb } from "@/lib/bootstrap/database";

async function main(): Promise<void> {
  const handle = await openConfiguredDb();
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
