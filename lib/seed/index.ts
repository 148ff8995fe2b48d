/** Every row is found by its natural key first, so a rerun never overwrites an admin's change. */
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { articleCategories, articleSubcategories, countries } from "@/db/schema";
import { ARTICLE_CATEGORIES, COUNTRIES, OFFLINE_MODEL, PROMPT_CATEGORIES } from "@/db/seed-data";
import { getStorage } from "@/lib/integrations/storage";
import { seedAdmin } from "./admin";
import { seedBrand } from "./brand";
import { articleCategoryTables, seedMug, seedShirt, seedSupplier, seedVatRates } from "./catalogue";
import { seedExampleImages } from "./example-images";
import { need, seedCategoryTree } from "./keyed";
import { linkPromptSlots, promptCategoryTables, seedAiModels, seedCategoryTexts, seedPrompts, seedSlots } from "./prompts";

/** Serialises concurrent seeds (two app instances on one Postgres); released at commit. */
const SEED_LOCK = sql`select pg_advisory_xact_lock(727001)`;

export async function seed(db: Db): Promise<void> {
  const writtenKeys: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.execute(SEED_LOCK);
      await tx
        .insert(countries)
        .values([...COUNTRIES])
        .onConflictDoNothing();
      const vat = await seedVatRates(tx);
      const supplierId = await seedSupplier(tx);
      const articleTree = await seedCategoryTree(ARTICLE_CATEGORIES, articleCategoryTables(tx));
      await seedCategoryTexts(tx, articleTree, ARTICLE_CATEGORIES, { categories: articleCategories, subcategories: articleSubcategories });
      const mugId = await seedMug(tx, articleTree, supplierId, vat);
      await seedShirt(tx, articleTree, supplierId, vat);
      const models = await seedAiModels(tx);
      const promptTree = await seedCategoryTree(PROMPT_CATEGORIES, promptCategoryTables(tx));
      const offlineModelId = need(models, `${OFFLINE_MODEL.provider}:${OFFLINE_MODEL.modelId}`);
      const promptIds = await seedPrompts(tx, promptTree, offlineModelId);
      const slotVariantIds = await seedSlots(tx, offlineModelId);
      await linkPromptSlots(tx, promptIds, slotVariantIds);
      await seedAdmin(tx);
      await seedBrand(tx);
      await seedExampleImages(tx, mugId, (key) => writtenKeys.push(key));
    });
  } catch (err) {
    // The rows pointing at these files were rolled back: remove the files too.
    await Promise.allSettled(writtenKeys.map((key) => getStorage().delete(key)));
    throw err;
  }
}
