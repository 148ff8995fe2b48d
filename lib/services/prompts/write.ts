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

/** Replaced example images go after the commit unless something else still uses them. */

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

/** Archived instead, so customers' history keeps it. */
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
  for (const ref of refs) if (await exists(ref)) return true;
  return false;
}
