/** `npm run db:seed`: migrates, then writes the idempotent demo data (see seed.ts). */
import path from "node:path";
import { dataDir, migrateDb, openDb } from "./client";
import { articles, countries, images, mugVariants, prompts, users, vatRates } from "./schema";
import { seed } from "./seed";

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const handle = await openDb(url ? { url } : { pgliteDir: path.join(dataDir(), "pglite") });
  try {
    await migrateDb(handle);
    const started = performance.now();
    await seed(handle.db);
    const ms = Math.round(performance.now() - started);
    const { db } = handle;
    const summary = {
      countries: await db.$count(countries),
      vatRates: await db.$count(vatRates),
      articles: await db.$count(articles),
      mugVariants: await db.$count(mugVariants),
      prompts: await db.$count(prompts),
      images: await db.$count(images),
      users: await db.$count(users),
    };
    const parts = Object.entries(summary).map(([table, n]) => `${table} ${n}`);
    console.log(`Seed done in ${ms} ms (${handle.kind}): ${parts.join(", ")}.`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error("Seed failed:", err);
  process.exit(1);
});
