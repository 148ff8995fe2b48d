import "server-only";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { vatRates, type VatRate } from "@/db/schema";
import { ApiError, isStillReferenced } from "@/lib/errors";
import type { VatBody, VatRateDto } from "@/lib/schemas/vat";
import { invalidateCatalog } from "./catalog-cache";

function toDto(row: VatRate): VatRateDto {
  return {
    id: row.id,
    name: row.name,
    nameDe: row.nameDe,
    percent: Number(row.percent),
    description: row.description,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listVatRates(): Promise<VatRateDto[]> {
  const db = await getDb();
  const rows = await db.select().from(vatRates).orderBy(desc(vatRates.isDefault), desc(vatRates.percent), asc(vatRates.name));
  return rows.map(toDto);
}

async function findOrThrow(tx: Tx, id: number): Promise<VatRate> {
  const [row] = await tx.select().from(vatRates).where(eq(vatRates.id, id));
  if (!row) throw new ApiError(404, "errors.vatNotFound");
  return row;
}

export async function getVatRateOrThrow(id: number): Promise<VatRateDto> {
  const db = await getDb();
  return toDto(await db.transaction((tx) => findOrThrow(tx, id)));
}

async function clearDefault(tx: Tx, keepId?: number): Promise<void> {
  await tx
    .update(vatRates)
    .set({ isDefault: false })
    .where(keepId === undefined ? eq(vatRates.isDefault, true) : and(eq(vatRates.isDefault, true), ne(vatRates.id, keepId)));
}

async function hasDefault(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.isDefault, true));
  return !!row;
}

export async function createVatRate(body: VatBody): Promise<VatRateDto> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const makeDefault = body.isDefault || !(await hasDefault(tx));
    if (makeDefault) await clearDefault(tx);
    const [inserted] = await tx
      .insert(vatRates)
      .values({ name: body.name, nameDe: body.nameDe, percent: body.percent, description: body.description, isDefault: makeDefault })
      .returning();
    if (!inserted) throw new Error("insert returned no row");
    return inserted;
  });
  invalidateCatalog();
  return toDto(row);
}

/** There must be a default: set another rate as default instead. */
export async function updateVatRate(id: number, body: VatBody): Promise<VatRateDto> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const current = await findOrThrow(tx, id);
    if (current.isDefault && !body.isDefault) throw new ApiError(409, "errors.vatDefaultRequired");
    if (body.isDefault && !current.isDefault) await clearDefault(tx, id);
    const [updated] = await tx
      .update(vatRates)
      .set({ name: body.name, nameDe: body.nameDe, percent: body.percent, description: body.description, isDefault: body.isDefault })
      .where(eq(vatRates.id, id))
      .returning();
    if (!updated) throw new ApiError(404, "errors.vatNotFound");
    return updated;
  });
  invalidateCatalog();
  return toDto(row);
}

export async function setDefaultVatRate(id: number): Promise<VatRateDto> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await findOrThrow(tx, id);
    await clearDefault(tx, id);
    const [updated] = await tx.update(vatRates).set({ isDefault: true }).where(eq(vatRates.id, id)).returning();
    if (!updated) throw new ApiError(404, "errors.vatNotFound");
    return updated;
  });
  invalidateCatalog();
  return toDto(row);
}

export async function deleteVatRate(id: number): Promise<{ deleted: VatRateDto; defaultRequired: boolean }> {
  const db = await getDb();
  try {
    const result = await db.transaction(async (tx) => {
      const current = await findOrThrow(tx, id);
      await tx.delete(vatRates).where(eq(vatRates.id, id));
      const remaining = await tx.select({ id: vatRates.id }).from(vatRates).limit(1);
      return { deleted: toDto(current), defaultRequired: current.isDefault && remaining.length > 0 };
    });
    invalidateCatalog();
    return result;
  } catch (err) {
    if (isStillReferenced(err)) throw new ApiError(409, "errors.vatInUse");
    throw err;
  }
}
