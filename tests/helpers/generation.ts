// Setup of the tests that generate images through the API (generate, ai-money, generation-jobs, image-keys).
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { articles, prompts } from "@/db/schema";
import { resetStorage } from "@/lib/integrations/storage";
import { tempDir } from "./test-db";

/** Stores files in a folder of this test file's own, so its "nothing stored" counts see no other file's writes. */
export function ownStorage(prefix: string): void {
  process.env.STORAGE_DIR = tempDir(prefix);
  resetStorage();
}

/** The ids a generate call names: an active prompt and an active mug of the seed. */
export async function activePromptAndMug(): Promise<{ promptId: number; mugId: number }> {
  const db = await getDb();
  const [prompt] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.active, true), eq(prompts.archived, false)))
    .limit(1);
  const [mug] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.type, "MUG"), eq(articles.active, true)))
    .limit(1);
  if (!prompt || !mug) throw new Error("seed data");
  return { promptId: prompt.id, mugId: mug.id };
}
