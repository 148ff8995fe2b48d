import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { prompts, promptSlotVariants, slotVariants } from "@/db/schema";
import { ApiError, type MessageKey } from "@/lib/errors";
import type { PromptDto } from "@/lib/schemas/prompts";
import { invalidateCatalog } from "../catalog-cache";
import { getPromptOrThrow, slotVariantsWithType } from "./queries";

/**
 * A prompt's chosen slot variants (spec sections 3 and 7): at most one variant per slot type, every
 * id an existing slot variant. The prompt row is locked FOR UPDATE and the chosen variants FOR SHARE
 * until commit, so neither a concurrent selection of the same prompt nor a variant moving to another
 * slot type can break the rule.
 */

export type FieldErrors = Record<string, MessageKey>;

export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new ApiError(422, "errors.validationFailed", errors);
}

/** Locks the prompt for the rest of the transaction; a missing one answers 404 "Prompt not found". */
export async function lockPrompt(tx: Tx, id: number): Promise<{ exampleImageId: number | null }> {
  const [row] = await tx.select({ exampleImageId: prompts.exampleImageId }).from(prompts).where(eq(prompts.id, id)).for("update");
  if (!row) throw new ApiError(404, "errors.promptNotFound");
  return row;
}

/**
 * Checks a selection of slot variant ids (a repeated id counts once): unknown ids → `unknownReference`,
 * two variants of one slot type → `oneVariantPerSlotType`, both on `field`. Answers the distinct ids
 * with their slot types.
 */
export async function checkSlotSelection(
  tx: Tx,
  ids: readonly number[],
  field: string,
  errors: FieldErrors,
): Promise<{ id: number; slotTypeId: number }[]> {
  const distinct = [...new Set(ids)];
  const rows = await slotVariantsWithType(tx, distinct);
  if (rows.length < distinct.length) {
    errors[field] = "validation.unknownReference";
  } else if (new Set(rows.map((r) => r.slotTypeId)).size < rows.length) {
    errors[field] = "validation.oneVariantPerSlotType";
  }
  return rows;
}

/** Replaces the prompt's whole selection (inside the caller's transaction). */
export async function saveSelection(tx: Tx, promptId: number, ids: readonly number[]): Promise<void> {
  await tx.delete(promptSlotVariants).where(eq(promptSlotVariants.promptId, promptId));
  if (ids.length) await tx.insert(promptSlotVariants).values(ids.map((slotVariantId) => ({ promptId, slotVariantId })));
}

/** A changed selection changes what the prompt sends: the prompt counts as updated. */
async function touchPrompt(tx: Tx, promptId: number): Promise<void> {
  await tx.update(prompts).set({ updatedAt: new Date() }).where(eq(prompts.id, promptId));
}

/**
 * POST /api/admin/prompts/{promptId}/slots: adds these slot variants; each replaces the prompt's
 * variant of the same slot type. Answers the prompt as GET shows it.
 */
export async function addPromptSlots(promptId: number, slotIds: readonly number[]): Promise<PromptDto> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockPrompt(tx, promptId);
    const errors: FieldErrors = {};
    const chosen = await checkSlotSelection(tx, slotIds, "slotIds", errors);
    throwIfAny(errors);
    const typeIds = chosen.map((c) => c.slotTypeId);
    const sameType = tx.select({ id: slotVariants.id }).from(slotVariants).where(inArray(slotVariants.slotTypeId, typeIds));
    await tx
      .delete(promptSlotVariants)
      .where(and(eq(promptSlotVariants.promptId, promptId), inArray(promptSlotVariants.slotVariantId, sameType)));
    await tx.insert(promptSlotVariants).values(chosen.map((c) => ({ promptId, slotVariantId: c.id })));
    await touchPrompt(tx, promptId);
  });
  invalidateCatalog();
  return getPromptOrThrow(promptId);
}

/** PUT /api/admin/prompts/{promptId}/slots: the prompt's whole selection (an empty list clears it). Answers the prompt. */
export async function replacePromptSlots(promptId: number, slotIds: readonly number[]): Promise<PromptDto> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockPrompt(tx, promptId);
    const errors: FieldErrors = {};
    const chosen = await checkSlotSelection(tx, slotIds, "slotVariants", errors);
    throwIfAny(errors);
    await saveSelection(
      tx,
      promptId,
      chosen.map((c) => c.id),
    );
    await touchPrompt(tx, promptId);
  });
  invalidateCatalog();
  return getPromptOrThrow(promptId);
}
