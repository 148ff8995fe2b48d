import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { shirtVariants, type ShirtVariant } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import type { ShirtVariantAdminDto, ShirtVariantBody } from "@/lib/schemas/articles";
import { invalidateCatalog } from "../catalog-cache";
import { toShirtVariantDto } from "./dto";
import type { DeleteVariantResult } from "./mug";
import { deleteCatalogueImageIfUnreferenced, lockShirt, mapUniqueViolations, shirtVariantInUse } from "./shared";

const comboExists = () => new ApiError(409, "errors.shirtVariantExists");
const UNIQUES = { shirt_variants_color_size_unique: comboExists };

async function findForWrite(tx: Tx, variantId: number): Promise<{ row: ShirtVariant; availableSizes: string[] }> {
  const [found] = await tx.select({ articleId: shirtVariants.articleId }).from(shirtVariants).where(eq(shirtVariants.id, variantId));
  if (!found) throw new ApiError(404, "errors.variantNotFound");
  const { availableSizes } = await lockShirt(tx, found.articleId);
  const [row] = await tx.select().from(shirtVariants).where(eq(shirtVariants.id, variantId)).for("update");
  if (!row) throw new ApiError(404, "errors.variantNotFound");
  return { row, availableSizes };
}

async function check(tx: Tx, shirtId: number, availableSizes: string[], body: ShirtVariantBody, exceptId?: number): Promise<void> {
  if (!availableSizes.includes(body.size)) throw new ApiError(422, "errors.validationFailed", { size: "validation.sizeNotAvailable" });
  const [same] = await tx
    .select({ id: shirtVariants.id })
    .from(shirtVariants)
    .where(
      and(
        eq(shirtVariants.articleId, shirtId),
        sql`lower(${shirtVariants.color}) = lower(${body.color})`,
        eq(shirtVariants.size, body.size),
        exceptId === undefined ? undefined : ne(shirtVariants.id, exceptId),
      ),
    )
    .limit(1);
  if (same) throw comboExists();
}

export async function createShirtVariant(shirtId: number, body: ShirtVariantBody): Promise<ShirtVariantAdminDto> {
  const db = await getDb();
  const row = await mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const { availableSizes } = await lockShirt(tx, shirtId);
        await check(tx, shirtId, availableSizes, body);
        const [inserted] = await tx
          .insert(shirtVariants)
          .values({ articleId: shirtId, color: body.color, colorDe: body.colorDe, size: body.size })
          .returning();
        if (!inserted) throw new Error("insert returned no row");
        return inserted;
      }),
    UNIQUES,
  );
  invalidateCatalog();
  return toShirtVariantDto(row);
}

export async function updateShirtVariant(variantId: number, body: ShirtVariantBody): Promise<ShirtVariantAdminDto> {
  const db = await getDb();
  const row = await mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const { row: current, availableSizes } = await findForWrite(tx, variantId);
        await check(tx, current.articleId, availableSizes, body, variantId);
        const [updated] = await tx
          .update(shirtVariants)
          .set({ color: body.color, colorDe: body.colorDe, size: body.size })
          .where(eq(shirtVariants.id, variantId))
          .returning();
        if (!updated) throw new ApiError(404, "errors.variantNotFound");
        return updated;
      }),
    UNIQUES,
  );
  invalidateCatalog();
  return toShirtVariantDto(row);
}

/** Shirt variants have no active flag to fall back on, so one that orders or carts use is kept (409). */
export async function deleteShirtVariant(variantId: number): Promise<DeleteVariantResult> {
  const db = await getDb();
  const imageId = await db.transaction(async (tx) => {
    const { row } = await findForWrite(tx, variantId);
    if (await shirtVariantInUse(tx, variantId)) throw new ApiError(409, "errors.shirtVariantInUse");
    await tx.delete(shirtVariants).where(eq(shirtVariants.id, variantId));
    return row.exampleImageId;
  });
  invalidateCatalog();
  if (imageId !== null) await deleteCatalogueImageIfUnreferenced(imageId);
  return { deleted: true, deactivated: false };
}
