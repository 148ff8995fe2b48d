import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { aiModels, cartItems, generations, images, orderItems, promptCategories, prompts, promptSubcategories } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import type { z } from "zod";
import type { deletePromptResponse, PromptBody, PromptDto } from "@/lib/schemas/prompts";
import { deleteCatalogueImageIfUnreferenced } from "../article-variants";
import { mapUniqueViolations } from "../article-variants/shared";
import { invalidateCatalog } from "../catalog-cache";
import { getPromptOrThrow } from "./queries";
import { checkSlotSelection, lockPrompt, saveSelection, throwIfAny, type FieldErrors } from "./slots";

/**
 * Prompt writes (spec sections 3, 5 and 7), each in ONE transaction. Rules checked here (the schema
 * has checked each field on its own):
 * - category, LLM and example image exist (422 `validation.unknownReference` on the field; the
 *   example image must be a catalogue image), the subcategory exists and belongs to the category
 *   (`validation.subcategoryNotInCategory`); the rows read are locked FOR SHARE until commit;
 * - the slot variants exist, at most one per slot type (422 on `slotVariantIds`);
 * - the prompt number is unique ignoring case (409 "This prompt number is already in use" on
 *   `promptNumber`, also when a concurrent write wins).
 * A replaced example image, and a deleted prompt's one, is deleted after the commit unless something
 * else still uses it. Every write invalidates the catalogue cache.
 */

export type DeletePromptResult = z.infer<typeof deletePromptResponse>;

const numberTaken = () => new ApiError(409, "errors.promptNumberTaken", { promptNumber: "validation.promptNumberTaken" });
const PROMPT_UNIQUES = { prompts_number_unique: numberTaken };

async function exists(query: Promise<unknown[]>): Promise<boolean> {
  return (await query).length > 0;
}

async function checkReferences(tx: Tx, body: PromptBody, errors: FieldErrors): Promise<void> {
  if (
    !(await exists(
      tx.select({ id: promptCategories.id }).from(promptCategories).where(eq(promptCategories.id, body.categoryId)).for("share"),
    ))
  ) {
    errors.categoryId = "validation.unknownReference";
  }
  if (body.subcategoryId !== null) {
    const [sub] = await tx
      .select({ categoryId: promptSubcategories.categoryId })
      .from(promptSubcategories)
      .where(eq(promptSubcategories.id, body.subcategoryId))
      .for("share");
    if (!sub) errors.subcategoryId = "validation.unknownReference";
    else if (sub.categoryId !== body.categoryId) errors.subcategoryId = "validation.subcategoryNotInCategory";
  }
  if (!(await exists(tx.select({ id: aiModels.id }).from(aiModels).where(eq(aiModels.id, body.llmId)).for("share")))) {
    errors.llmId = "validation.unknownReference";
  }
  const catalogueImage = and(eq(images.id, body.exampleImageId), eq(images.type, "CATALOGUE"));
  if (!(await exists(tx.select({ id: images.id }).from(images).where(catalogueImage).for("share")))) {
    errors.exampleImageId = "validation.unknownReference";
  }
}

/** Is the prompt number used by another prompt (ignoring case)? */
async function promptNumberTaken(tx: Tx, promptNumber: string, exceptId?: number): Promise<boolean> {
  return exists(
    tx
      .select({ id: prompts.id })
      .from(prompts)
      .where(
        and(sql`lower(${prompts.promptNumber}) = lower(${promptNumber})`, exceptId === undefined ? undefined : ne(prompts.id, exceptId)),
      )
      .limit(1),
  );
}

/** Checks the body against the database; throws 422 (all field errors at once), then 409 for a taken number. */
async function validate(tx: Tx, body: PromptBody, exceptId?: number): Promise<number[]> {
  const errors: FieldErrors = {};
  await checkReferences(tx, body, errors);
  const chosen = await checkSlotSelection(tx, body.slotVariantIds, "slotVariantIds", errors);
  throwIfAny(errors);
  if (body.promptNumber !== null && (await promptNumberTaken(tx, body.promptNumber, exceptId))) throw numberTaken();
  return chosen.map((c) => c.id);
}

function promptValues(body: PromptBody) {
  return {
    title: body.title,
    titleDe: body.titleDe,
    description: body.description,
    descriptionDe: body.descriptionDe,
    promptNumber: body.promptNumber,
    categoryId: body.categoryId,
    subcategoryId: body.subcategoryId,
    styleText: body.styleText,
    llmId: body.llmId,
    active: body.active,
    archived: body.archived,
    exampleImageId: body.exampleImageId,
  };
}

/** POST /api/admin/prompts: the prompt and its slot variant selection in one transaction. Answers it as GET shows it. */
export async function createPrompt(body: PromptBody): Promise<PromptDto> {
  const db = await getDb();
  const id = await mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const slotIds = await validate(tx, body);
        const [row] = await tx.insert(prompts).values(promptValues(body)).returning({ id: prompts.id });
        if (!row) throw new Error("insert returned no row");
        await saveSelection(tx, row.id, slotIds);
        return row.id;
      }),
    PROMPT_UNIQUES,
  );
  invalidateCatalog();
  return getPromptOrThrow(id);
}

/**
 * PUT /api/admin/prompts/{promptId}: replaces the prompt's fields and its whole slot variant
 * selection. A replaced example image is deleted after the commit when nothing else uses it.
 */
export async function updatePrompt(id: number, body: PromptBody): Promise<PromptDto> {
  const db = await getDb();
  const previousImageId = await mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const current = await lockPrompt(tx, id);
        const slotIds = await validate(tx, body, id);
        await tx.update(prompts).set(promptValues(body)).where(eq(prompts.id, id));
        await saveSelection(tx, id, slotIds);
        return current.exampleImageId;
      }),
    PROMPT_UNIQUES,
  );
  invalidateCatalog();
  if (previousImageId !== null && previousImageId !== body.exampleImageId) await deleteCatalogueImageIfUnreferenced(previousImageId);
  return getPromptOrThrow(id);
}

/**
 * DELETE /api/admin/prompts/{promptId}. A prompt that an order line, a cart line, a generation or a
 * generated image refers to is never hard-deleted: it is archived (hidden from customers, kept for
 * the history). Otherwise it goes with its slot variant selection (ON DELETE CASCADE), and its
 * example image is deleted after the commit when nothing else uses it.
 */
export async function deletePrompt(id: number): Promise<DeletePromptResult> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    // The lock makes a concurrent order, cart line or generation for this prompt wait (its foreign key check needs the row).
    const current = await lockPrompt(tx, id);
    if (await promptInUse(tx, id)) {
      await tx.update(prompts).set({ archived: true }).where(eq(prompts.id, id));
      return { deleted: false, imageId: null };
    }
    await tx.delete(prompts).where(eq(prompts.id, id));
    return { deleted: true, imageId: current.exampleImageId };
  });
  invalidateCatalog();
  if (outcome.imageId !== null) await deleteCatalogueImageIfUnreferenced(outcome.imageId);
  return { deleted: outcome.deleted, archived: !outcome.deleted };
}

async function promptInUse(tx: Tx, id: number): Promise<boolean> {
  const refs = [
    tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.promptId, id)).limit(1),
    tx.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.promptId, id)).limit(1),
    tx.select({ id: generations.id }).from(generations).where(eq(generations.promptId, id)).limit(1),
    tx.select({ id: images.id }).from(images).where(eq(images.promptId, id)).limit(1),
  ];
  // One after the other: a transaction runs its statements in order anyway.
  for (const ref of refs) if (await exists(ref)) return true;
  return false;
}
