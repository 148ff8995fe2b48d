import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { aiModels, prompts, promptSlotVariants, slotTypes, slotVariants, type AiProvider } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { composePromptText } from "@/lib/domain/prompt-text";

export interface AssembledPrompt {
  text: string;
  prompt: { id: number; title: string; llmId: number };
  model: { id: number; provider: AiProvider; modelId: string };
}

export interface PromptExtras {
  masterPrompt?: string;
  specificPrompt?: string;
}

export async function assemblePrompt(promptId: number, extras: PromptExtras = {}): Promise<AssembledPrompt> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: prompts.id,
      title: prompts.title,
      styleText: prompts.styleText,
      llmId: prompts.llmId,
      provider: aiModels.provider,
      modelId: aiModels.modelId,
    })
    .from(prompts)
    .innerJoin(aiModels, eq(aiModels.id, prompts.llmId))
    .where(and(eq(prompts.id, promptId), eq(prompts.active, true), eq(prompts.archived, false)));
  if (!row) throw new ApiError(404, "errors.promptNotFound");

  const slots = await db
    .select({ text: slotVariants.prompt, position: slotTypes.position })
    .from(promptSlotVariants)
    .innerJoin(slotVariants, eq(slotVariants.id, promptSlotVariants.slotVariantId))
    .innerJoin(slotTypes, eq(slotTypes.id, slotVariants.slotTypeId))
    .where(eq(promptSlotVariants.promptId, promptId))
    .orderBy(asc(slotTypes.position), asc(slotVariants.id));

  return {
    text: composePromptText({ masterPrompt: extras.masterPrompt, styleText: row.styleText, slots, specificPrompt: extras.specificPrompt }),
    prompt: { id: row.id, title: row.title, llmId: row.llmId },
    model: { id: row.llmId, provider: row.provider, modelId: row.modelId },
  };
}
