import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { mugVariants } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { intakeImage, type Crop } from "@/lib/integrations/images/intake";
import type { MugVariantAdminDto } from "@/lib/schemas/articles";
import { storeProcessedImage } from "../images";
import { invalidateCatalog } from "../catalog-cache";
import { toMugVariantDto } from "./dto";
import { findMugVariantForWrite } from "./mug";
import { deleteCatalogueImageIfUnreferenced } from "./shared";

export async function setMugVariantImage(variantId: number, bytes: Buffer, crop: Crop | null): Promise<MugVariantAdminDto> {
  const db = await getDb();
  const [exists] = await db.select({ id: mugVariants.id }).from(mugVariants).where(eq(mugVariants.id, variantId));
  if (!exists) throw new ApiError(404, "errors.variantNotFound");

  const processed = await intakeImage(bytes, { use: "catalogue", crop, format: "webp" });
  // Outside any transaction: storage may be a remote bucket.
  const image = await storeProcessedImage(processed, { type: "CATALOGUE", ownerId: null, crop });
  let result: { row: Awaited<ReturnType<typeof findMugVariantForWrite>>; previousImageId: number | null };
  try {
    result = await db.transaction(async (tx) => {
      const current = await findMugVariantForWrite(tx, variantId);
      const [row] = await tx.update(mugVariants).set({ exampleImageId: image.id }).where(eq(mugVariants.id, variantId)).returning();
      if (!row) throw new ApiError(404, "errors.variantNotFound");
      return { row, previousImageId: current.exampleImageId };
    });
  } catch (err) {
    await deleteCatalogueImageIfUnreferenced(image.id);
    throw err;
  }
  invalidateCatalog();
  if (result.previousImageId !== null) await deleteCatalogueImageIfUnreferenced(result.previousImageId);
  return toMugVariantDto(result.row);
}

export async function removeMugVariantImage(variantId: number): Promise<MugVariantAdminDto> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const current = await findMugVariantForWrite(tx, variantId);
    if (current.exampleImageId === null) return { row: current, previousImageId: null };
    const [row] = await tx.update(mugVariants).set({ exampleImageId: null }).where(eq(mugVariants.id, variantId)).returning();
    if (!row) throw new ApiError(404, "errors.variantNotFound");
    return { row, previousImageId: current.exampleImageId };
  });
  if (result.previousImageId !== null) {
    invalidateCatalog();
    await deleteCatalogueImageIfUnreferenced(result.previousImageId);
  }
  return toMugVariantDto(result.row);
}
