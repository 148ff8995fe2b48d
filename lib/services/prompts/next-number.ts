import "server-only";
import { desc, isNotNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { prompts } from "@/db/schema";

const NUMBERED = /^(.*?)(\d+)$/;

export function nextNumber(numbersNewestFirst: readonly string[]): string {
  const newest = numbersNewestFirst.map((n) => NUMBERED.exec(n)).find((m) => m !== null);
  const prefix = newest?.[1] ?? "P-";
  const width = newest?.[2]?.length ?? 3;
  const taken = new Set(numbersNewestFirst.map((n) => n.toLowerCase()));
  let next =
    numbersNewestFirst.reduce((max, n) => {
      const m = NUMBERED.exec(n);
      return m && m[1] === prefix ? Math.max(max, Number(m[2])) : max;
    }, 0) + 1;
  while (taken.has(`${prefix}${String(next).padStart(width, "0")}`.toLowerCase())) next += 1;
  return `${prefix}${String(next).padStart(width, "0")}`;
}

export async function nextPromptNumber(): Promise<string> {
  const db = await getDb();
  const rows = await db
    .select({ n: prompts.promptNumber })
    .from(prompts)
    .where(isNotNull(prompts.promptNumber))
    .orderBy(desc(prompts.createdAt), desc(prompts.id));
  return nextNumber(rows.map((r) => r.n ?? ""));
}
