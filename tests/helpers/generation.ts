import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { articles, prompts } from "@/db/schema";
import { resetStorage } from "@/lib/integrations/storage";
import { tempDir } from "./test-db";

export function ownStorage(prefix: string): void {
  process.env.STORAGE_DIR = tempDir(prefix);
  resetStorage();
}

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
