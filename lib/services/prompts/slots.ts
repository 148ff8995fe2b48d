import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { prompts, promptSlotVariants, slotVariants } from "@/db/schema";
import { ApiError, type MessageKey } from "@/lib/errors";
import type { PromptDto } from "@/lib/schemas/prompts";
import { invalidateCatalog } from "../catalog-cache";
import { getPromptOrThrow, slotVariantsWithType } from "./queries";

/** The prompt is locked FOR UPDATE and the chosen variants FOR SHARE, so concurrent changes cannot break one-variant-per-slot-type. */

export type FieldErrors = Record<string, MessageKey>;

export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new ApiError(422, "errors.validationFailed", errors);
}

export async function lockPrompt(tx: Tx, id: number): Promise<{ exampleImageId: number | null }> {
  const [row] = await tx.select({ exampleImageId: prompts.exampleImageId }).from(prompts).where(eq(prompts.id, id)).for("update");
  if (!row) throw new ApiError(404, "errors.promptNotFound");
  return row;
}

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

export async function saveSelection(tx: Tx, promptId: number, ids: readonly number[]): Promise<void> {
  await tx.delete(promptSlotVariants).where(eq(promptSlotVariants.promptId, promptId));
  if (ids.length) await tx.insert(promptSlotVariants).values(ids.map((slotVariantId) => ({ promptId, slotVariantId })));
}

/** A changed selection changes what the prompt sends: it counts as updated. */
async function touchPrompt(tx: Tx, promptId: number): Promise<void> {
  await tx.update(prompts).set({ updatedAt: new Date() }).where(eq(prompts.id, promptId));
}

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
