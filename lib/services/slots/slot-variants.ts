import "server-only";
import { and, asc, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { aiModels, images, promptSlotVariants, slotTypes, slotVariants } from "@/db/schema";
import { ApiError, isStillReferenced, type MessageKey } from "@/lib/errors";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { imageUrl } from "@/lib/schemas/catalog";
import type { ListSlotVariantsQuery, SlotVariantBody, SlotVariantDto } from "@/lib/schemas/prompts";
import { invalidateCatalog } from "../catalog-cache";
import { deleteCatalogueImageIfUnreferenced } from "../article-variants/shared";
import { likePattern, violatedConstraint } from "../list-query";

/** A used variant is not deleted: its link rows would cascade away and silently change live styles. */

type VariantRow = typeof slotVariants.$inferSelect;

const notFound = () => new ApiError(404, "errors.slotVariantNotFound");

const collators = new Map<string, Intl.Collator>();
function collator(locale: Locale): Intl.Collator {
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(locale, { sensitivity: "base", numeric: true })));
  return c;
}

async function promptCounts(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: promptSlotVariants.slotVariantId, n: count() })
    .from(promptSlotVariants)
    .where(inArray(promptSlotVariants.slotVariantId, ids))
    .groupBy(promptSlotVariants.slotVariantId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

async function loadVariants(db: Db | Tx, locale: Locale, where?: SQL): Promise<SlotVariantDto[]> {
  const rows = await db
    .select({
      variant: slotVariants,
      typeName: slotTypes.name,
      typeNameDe: slotTypes.nameDe,
      typePosition: slotTypes.position,
      llmName: aiModels.displayName,
    })
    .from(slotVariants)
    .innerJoin(slotTypes, eq(slotTypes.id, slotVariants.slotTypeId))
    .innerJoin(aiModels, eq(aiModels.id, slotVariants.llmId))
    .where(where)
    .orderBy(asc(slotTypes.position), asc(slotVariants.id));
  const counts = await promptCounts(
    db,
    rows.map((r) => r.variant.id),
  );
  const compare = collator(locale).compare;
  return rows
    .map((r): SlotVariantDto => ({
      id: r.variant.id,
      name: r.variant.name,
      slotType: { id: r.variant.slotTypeId, name: localized(locale, r.typeName, r.typeNameDe), position: r.typePosition },
      llm: { id: r.variant.llmId, displayName: r.llmName },
      prompt: r.variant.prompt,
      description: r.variant.description,
      exampleImageId: r.variant.exampleImageId,
      exampleImageUrl: imageUrl(r.variant.exampleImageId),
      promptCount: counts.get(r.variant.id) ?? 0,
      createdAt: r.variant.createdAt.toISOString(),
    }))
    .sort((a, b) => a.slotType.position - b.slotType.position || compare(a.name, b.name) || a.id - b.id);
}

export async function listSlotVariants(
  query: Partial<ListSlotVariantsQuery> = {},
  locale: Locale = DEFAULT_LOCALE,
): Promise<SlotVariantDto[]> {
  const filters: SQL[] = [];
  if (query.typeId !== undefined) filters.push(eq(slotVariants.slotTypeId, query.typeId));
  if (query.q) {
    const pattern = likePattern(query.q);
    const match = or(ilike(slotVariants.name, pattern), ilike(slotVariants.prompt, pattern), ilike(slotVariants.description, pattern));
    if (match) filters.push(match);
  }
  return loadVariants(await getDb(), locale, filters.length ? and(...filters) : undefined);
}

export async function listSlotVariantsOfType(typeId: number, locale: Locale = DEFAULT_LOCALE): Promise<SlotVariantDto[]> {
  const db = await getDb();
  const [type] = await db.select({ id: slotTypes.id }).from(slotTypes).where(eq(slotTypes.id, typeId));
  if (!type) throw new ApiError(404, "errors.slotTypeNotFound");
  return loadVariants(db, locale, eq(slotVariants.slotTypeId, typeId));
}

export async function getSlotVariantOrThrow(id: number, locale: Locale = DEFAULT_LOCALE): Promise<SlotVariantDto> {
  const [variant] = await loadVariants(await getDb(), locale, eq(slotVariants.id, id));
  if (!variant) throw notFound();
  return variant;
}

type RefField = "slotTypeId" | "llmId" | "exampleImageId";

const unknownReferences = (fields: RefField[]) =>
  new ApiError(422, "errors.validationFailed", Object.fromEntries(fields.map((f) => [f, "validation.unknownReference" as MessageKey])));

const FK_FIELDS: Record<string, RefField> = {
  slot_variants_slot_type_id_slot_types_id_fk: "slotTypeId",
  slot_variants_llm_id_ai_models_id_fk: "llmId",
  slot_variants_example_image_id_images_id_fk: "exampleImageId",
};

async function lockReferences(tx: Tx, body: SlotVariantBody): Promise<void> {
  const bad: RefField[] = [];
  const [type] = await tx.select({ id: slotTypes.id }).from(slotTypes).where(eq(slotTypes.id, body.slotTypeId)).for("key share");
  if (!type) bad.push("slotTypeId");
  const [llm] = await tx.select({ id: aiModels.id }).from(aiModels).where(eq(aiModels.id, body.llmId)).for("key share");
  if (!llm) bad.push("llmId");
  if (body.exampleImageId !== null) {
    const [image] = await tx
      .select({ id: images.id, type: images.type })
      .from(images)
      .where(eq(images.id, body.exampleImageId))
      .for("key share");
    if (!image || image.type !== "CATALOGUE") bad.push("exampleImageId");
  }
  if (bad.length) throw unknownReferences(bad);
}

function mapReferenceError(err: unknown): unknown {
  if (!isStillReferenced(err)) return err;
  const field = FK_FIELDS[violatedConstraint(err) ?? ""];
  return field ? unknownReferences([field]) : err;
}

function values(body: SlotVariantBody) {
  return {
    name: body.name,
    slotTypeId: body.slotTypeId,
    llmId: body.llmId,
    prompt: body.prompt,
    description: body.description,
    exampleImageId: body.exampleImageId,
  };
}

export async function createSlotVariant(body: SlotVariantBody, locale: Locale = DEFAULT_LOCALE): Promise<SlotVariantDto> {
  const db = await getDb();
  let row: VariantRow;
  try {
    row = await db.transaction(async (tx) => {
      await lockReferences(tx, body);
      const [inserted] = await tx.insert(slotVariants).values(values(body)).returning();
      if (!inserted) throw new Error("insert returned no row");
      return inserted;
    });
  } catch (err) {
    throw mapReferenceError(err);
  }
  invalidateCatalog();
  return getSlotVariantOrThrow(row.id, locale);
}

export async function updateSlotVariant(id: number, body: SlotVariantBody, locale: Locale = DEFAULT_LOCALE): Promise<SlotVariantDto> {
  const db = await getDb();
  let previousImageId: number | null;
  try {
    previousImageId = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ exampleImageId: slotVariants.exampleImageId })
        .from(slotVariants)
        .where(eq(slotVariants.id, id))
        .for("update");
      if (!current) throw notFound();
      await lockReferences(tx, body);
      await tx.update(slotVariants).set(values(body)).where(eq(slotVariants.id, id));
      return current.exampleImageId;
    });
  } catch (err) {
    throw mapReferenceError(err);
  }
  invalidateCatalog();
  if (previousImageId !== null && previousImageId !== body.exampleImageId) await deleteCatalogueImageIfUnreferenced(previousImageId);
  return getSlotVariantOrThrow(id, locale);
}

export async function deleteSlotVariant(id: number): Promise<{ id: number; deleted: true }> {
  const db = await getDb();
  const imageId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ exampleImageId: slotVariants.exampleImageId })
      .from(slotVariants)
      .where(eq(slotVariants.id, id))
      .for("update");
    if (!row) throw notFound();
    const used = (await promptCounts(tx, [id])).get(id) ?? 0;
    if (used > 0) throw new ApiError(409, "errors.slotVariantUsedByPrompts", undefined, { count: used });
    await tx.delete(slotVariants).where(eq(slotVariants.id, id));
    return row.exampleImageId;
  });
  invalidateCatalog();
  if (imageId !== null) await deleteCatalogueImageIfUnreferenced(imageId);
  return { id, deleted: true };
}
