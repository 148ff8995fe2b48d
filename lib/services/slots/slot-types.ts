import "server-only";
import { and, asc, count, eq, inArray, max, ne } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { slotTypes, slotVariants } from "@/db/schema";
import { ApiError, isStillReferenced } from "@/lib/errors";
import type { SlotTypeBody, SlotTypeDto, SlotTypeUpdateBody } from "@/lib/schemas/prompts";
import { invalidateCatalog } from "../catalog-cache";
import { isPositionTaken } from "./shared";

/** The position orders slot texts in a composed prompt, so every write invalidates the catalogue cache. */

type SlotTypeRow = typeof slotTypes.$inferSelect;

const notFound = () => new ApiError(404, "errors.slotTypeNotFound");
const positionTaken = () => new ApiError(409, "errors.slotPositionTaken");

async function variantCounts(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: slotVariants.slotTypeId, n: count() })
    .from(slotVariants)
    .where(inArray(slotVariants.slotTypeId, ids))
    .groupBy(slotVariants.slotTypeId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

function toDto(row: SlotTypeRow, variantCount: number): SlotTypeDto {
  return { id: row.id, name: row.name, nameDe: row.nameDe, position: row.position, variantCount };
}

export async function listSlotTypes(): Promise<SlotTypeDto[]> {
  const db = await getDb();
  const rows = await db.select().from(slotTypes).orderBy(asc(slotTypes.position), asc(slotTypes.id));
  const counts = await variantCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toDto(r, counts.get(r.id) ?? 0));
}

export async function getSlotTypeOrThrow(id: number): Promise<SlotTypeDto> {
  const db = await getDb();
  const [row] = await db.select().from(slotTypes).where(eq(slotTypes.id, id));
  if (!row) throw notFound();
  const counts = await variantCounts(db, [id]);
  return toDto(row, counts.get(id) ?? 0);
}

async function positionHeld(db: Db | Tx, position: number, exceptId?: number): Promise<boolean> {
  const where =
    exceptId === undefined ? eq(slotTypes.position, position) : and(eq(slotTypes.position, position), ne(slotTypes.id, exceptId));
  const [row] = await db.select({ id: slotTypes.id }).from(slotTypes).where(where).limit(1);
  return !!row;
}

const APPEND_ATTEMPTS = 5;

export async function createSlotType(body: SlotTypeBody): Promise<SlotTypeDto> {
  const db = await getDb();
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await db.transaction(async (tx) => {
        let position = body.position;
        if (position === undefined) {
          const [top] = await tx.select({ max: max(slotTypes.position) }).from(slotTypes);
          position = (top?.max ?? 0) + 1;
        } else if (await positionHeld(tx, position)) {
          throw positionTaken();
        }
        const [inserted] = await tx.insert(slotTypes).values({ name: body.name, nameDe: body.nameDe, position }).returning();
        if (!inserted) throw new Error("insert returned no row");
        return inserted;
      });
      invalidateCatalog();
      return toDto(row, 0);
    } catch (err) {
      if (!isPositionTaken(err)) throw err;
      // A concurrent create took the appended number: count again. A chosen position stays taken.
      if (body.position !== undefined || attempt >= APPEND_ATTEMPTS) throw positionTaken();
    }
  }
}

export async function updateSlotType(id: number, body: SlotTypeUpdateBody): Promise<SlotTypeDto> {
  const db = await getDb();
  const changes: Partial<Pick<SlotTypeRow, "name" | "nameDe" | "position">> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.nameDe !== undefined) changes.nameDe = body.nameDe;
  if (body.position !== undefined) changes.position = body.position;
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: slotTypes.id, position: slotTypes.position })
        .from(slotTypes)
        .where(eq(slotTypes.id, id))
        .for("update");
      if (!current) throw notFound();
      if (Object.keys(changes).length === 0) return;
      if (changes.position !== undefined && changes.position !== current.position && (await positionHeld(tx, changes.position, id))) {
        throw positionTaken();
      }
      await tx.update(slotTypes).set(changes).where(eq(slotTypes.id, id));
    });
  } catch (err) {
    if (isPositionTaken(err)) throw positionTaken();
    throw err;
  }
  if (Object.keys(changes).length > 0) invalidateCatalog();
  return getSlotTypeOrThrow(id);
}

async function hasVariants(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: slotVariants.id }).from(slotVariants).where(eq(slotVariants.slotTypeId, id)).limit(1);
  return !!row;
}

/** Locked first, so a variant created meanwhile waits and then fails its own foreign-key check. */
export async function deleteSlotType(id: number): Promise<{ id: number; deleted: true }> {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ id: slotTypes.id }).from(slotTypes).where(eq(slotTypes.id, id)).for("update");
      if (!row) throw notFound();
      if (await hasVariants(tx, id)) throw new ApiError(409, "errors.slotTypeHasVariants");
      await tx.delete(slotTypes).where(eq(slotTypes.id, id));
    });
  } catch (err) {
    if (isStillReferenced(err)) throw new ApiError(409, "errors.slotTypeHasVariants");
    throw err;
  }
  invalidateCatalog();
  return { id, deleted: true };
}
