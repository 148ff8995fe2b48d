import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { prompts, promptSlotVariants, slotTypes, slotVariants } from "@/db/schema";
import type { Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";

export interface TesterPromptChoice {
  id: number;
  title: string;
  promptNumber: string | null;
  active: boolean;
  archived: boolean;
  styleText: string;
  slots: { position: number; text: string }[];
}

export async function listTesterPromptChoices(locale: Locale): Promise<TesterPromptChoice[]> {
  const db = await getDb();
  const [rows, slotRows] = await Promise.all([
    db
      .select({
        id: prompts.id,
        title: prompts.title,
        titleDe: prompts.titleDe,
        promptNumber: prompts.promptNumber,
        active: prompts.active,
        archived: prompts.archived,
        styleText: prompts.styleText,
      })
      .from(prompts)
      .orderBy(asc(prompts.title), asc(prompts.id)),
    db
      .select({ promptId: promptSlotVariants.promptId, text: slotVariants.prompt, position: slotTypes.position })
      .from(promptSlotVariants)
      .innerJoin(slotVariants, eq(slotVariants.id, promptSlotVariants.slotVariantId))
      .innerJoin(slotTypes, eq(slotTypes.id, slotVariants.slotTypeId))
      .orderBy(asc(slotTypes.position), asc(slotVariants.id)),
  ]);
  return rows.map((p) => ({
    id: p.id,
    title: localized(locale, p.title, p.titleDe),
    promptNumber: p.promptNumber,
    active: p.active,
    archived: p.archived,
    styleText: p.styleText,
    slots: slotRows.filter((s) => s.promptId === p.id).map(({ position, text }) => ({ position, text })),
  }));
}
