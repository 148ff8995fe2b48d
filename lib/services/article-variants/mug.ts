import "server-only";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { mugVariants, type MugVariant } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import type { MugVariantAdminDto, MugVariantBody } from "@/lib/schemas/articles";
import { invalidateCatalog } from "../catalog-cache";
import { toMugVariantDto } from "./dto";
import { deleteCatalogueImageIfUnreferenced, lockMug, mapUniqueViolations, mugVariantInUse } from "./shared";

/** Every write locks the mug first, so the one-default and unique-name checks hold under concurrency. */

export const nameExists = () => new ApiError(409, "errors.variantNameExists", { name: "validation.variantNameExists" });
const defaultInactive = () => new ApiError(422, "errors.validationFailed", { active: "validation.defaultVariantInactive" });

export const MUG_VARIANT_UNIQUES = {
  mug_variants_article_name_unique: nameExists,
  // Cannot happen while writes lock the mug; should it, it is a conflict, not a 500.
  mug_variants_one_default: () => new ApiError(409, "errors.conflict"),
};

/** Mug, then variants: the lock order every writer uses. */
export async function findMugVariantForWrite(tx: Tx, variantId: number): Promise<MugVariant> {
  const [found] = await tx.select({ articleId: mugVariants.articleId }).from(mugVariants).where(eq(mugVariants.id, variantId));
  if (!found) throw new ApiError(404, "errors.variantNotFound");
  await lockMug(tx, found.articleId);
  // The row lock also makes a concurrent order or cart line referring to the variant wait for this transaction.
  const [row] = await tx.select().from(mugVariants).where(eq(mugVariants.id, variantId)).for("update");
  if (!row) throw new ApiError(404, "errors.variantNotFound");
  return row;
}

export async function mugVariantNameTaken(tx: Tx, mugId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: mugVariants.id })
    .from(mugVariants)
    .where(
      and(
        eq(mugVariants.articleId, mugId),
        sql`lower(${mugVariants.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(mugVariants.id, exceptId),
      ),
    )
    .limit(1);
  return !!row;
}

export async function mugHasDefault(tx: Tx, mugId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: mugVariants.id })
    .from(mugVariants)
    .where(and(eq(mugVariants.articleId, mugId), eq(mugVariants.isDefault, true)));
  return !!row;
}

async function clearDefault(tx: Tx, mugId: number): Promise<void> {
  await tx
    .update(mugVariants)
    .set({ isDefault: false })
    .where(and(eq(mugVariants.articleId, mugId), eq(mugVariants.isDefault, true)));
}

async function promoteNextDefault(tx: Tx, mugId: number, exceptId: number): Promise<void> {
  const [next] = await tx
    .select({ id: mugVariants.id })
    .from(mugVariants)
    .where(and(eq(mugVariants.articleId, mugId), ne(mugVariants.id, exceptId)))
    .orderBy(desc(mugVariants.active), asc(mugVariants.id))
    .limit(1);
  if (next) await tx.update(mugVariants).set({ isDefault: true }).where(eq(mugVariants.id, next.id));
}

function values(body: MugVariantBody) {
  return {
    name: body.name,
    nameDe: body.nameDe,
    articleVariantNumber: body.articleVariantNumber,
    insideColorCode: body.insideColorCode,
    outsideColorCode: body.outsideColorCode,
    active: body.active,
  };
}

export async function createMugVariant(mugId: number, body: MugVariantBody): Promise<MugVariantAdminDto> {
  const db = await getDb();
  const row = await mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        await lockMug(tx, mugId);
        const makeDefault = body.isDefault || !(await mugHasDefault(tx, mugId));
        if (makeDefault && !body.active) throw defaultInactive();
        if (await mugVariantNameTaken(tx, mugId, body.name)) throw nameExists();
        if (makeDefault) await clearDefault(tx, mugId);
        const [inserted] = await tx
          .insert(mugVariants)
          .values({ articleId: mugId, ...values(body), isDefault: makeDefault })
          .returning();
        if (!inserted) throw new Error("insert returned no row");
        return inserted;
      }),
    MUG_VARIANT_UNIQUES,
  );
  invalidateCatalog();
  return toMugVariantDto(row);
}

export async function updateMugVariant(variantId: number, body: MugVariantBody): Promise<MugVariantAdminDto> {
  const db = await getDb();
  const row = await mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const current = await findMugVariantForWrite(tx, variantId);
        if (current.isDefault && !body.isDefault) throw new ApiError(409, "errors.defaultVariantRequired");
        if (body.isDefault && !body.active) throw defaultInactive();
        if (await mugVariantNameTaken(tx, current.articleId, body.name, variantId)) throw nameExists();
        if (body.isDefault && !current.isDefault) await clearDefault(tx, current.articleId);
        const [updated] = await tx
          .update(mugVariants)
          .set({ ...values(body), isDefault: body.isDefault })
          .where(eq(mugVariants.id, variantId))
          .returning();
        if (!updated) throw new ApiError(404, "errors.variantNotFound");
        return updated;
      }),
    MUG_VARIANT_UNIQUES,
  );
  invalidateCatalog();
  return toMugVariantDto(row);
}

export type DeleteVariantResult = { deleted: boolean; deactivated: boolean };

/** Deactivated instead, so order history keeps it. */
export async function deleteMugVariant(variantId: number): Promise<DeleteVariantResult> {
  const db = await getDb();
  const { result, imageId } = await db.transaction(async (tx) => {
    const current = await findMugVariantForWrite(tx, variantId);
    if (await mugVariantInUse(tx, variantId)) {
      if (current.isDefault) {
        const [otherActive] = await tx
          .select({ id: mugVariants.id })
          .from(mugVariants)
          .where(and(eq(mugVariants.articleId, current.articleId), ne(mugVariants.id, variantId), eq(mugVariants.active, true)))
          .orderBy(asc(mugVariants.id))
          .limit(1);
        if (otherActive) {
          await clearDefault(tx, current.articleId);
          await tx.update(mugVariants).set({ isDefault: true }).where(eq(mugVariants.id, otherActive.id));
        }
      }
      await tx.update(mugVariants).set({ active: false }).where(eq(mugVariants.id, variantId));
      return { result: { deleted: false, deactivated: true }, imageId: null };
    }
    await tx.delete(mugVariants).where(eq(mugVariants.id, variantId));
    if (current.isDefault) await promoteNextDefault(tx, current.articleId, variantId);
    return { result: { deleted: true, deactivated: false }, imageId: current.exampleImageId };
  });
  invalidateCatalog();
  if (imageId !== null) await deleteCatalogueImageIfUnreferenced(imageId);
  return result;
}
