import { articles, countries, images, mugVariants, prompts, users, vatRates } from "@/db/schema";
import { migrateAndSeed, openConfiguredDb } from "@/lib/bootstrap/database";

async function main(): Promise<void> {
  const handle = await openConfiguredDb();
  try {
    const started = performance.now();
    await migrateAndSeed(handle);
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
