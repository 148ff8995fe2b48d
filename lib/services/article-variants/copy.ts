import "server-only";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { getDb } from "@/db/client";
import { articles, images, mugVariants, type Image, type MugVariant } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import type { CopyVariantsDto, VariantsCatalogDto } from "@/lib/schemas/articles";
import { invalidateCatalog } from "../catalog-cache";
import { toMugVariantDto } from "./dto";
import { MUG_VARIANT_UNIQUES, mugHasDefault } from "./mug";
import { lockMug, mapUniqueViolations, removeFiles } from "./shared";

export async function listVariantsCatalog(excludeMugId?: number): Promise<VariantsCatalogDto> {
  const db = await getDb();
  const rows = await db
    .select({ mug: { id: articles.id, name: articles.name, articleNumber: articles.articleNumber }, variant: mugVariants })
    .from(mugVariants)
    .innerJoin(articles, eq(articles.id, mugVariants.articleId))
    .where(and(eq(articles.type, "MUG"), excludeMugId === undefined ? undefined : ne(articles.id, excludeMugId)))
    .orderBy(asc(mugVariants.id));
  const groups = new Map<number, VariantsCatalogDto[number]>();
  for (const { mug, variant } of rows) {
    let group = groups.get(mug.id);
    if (!group) groups.set(mug.id, (group = { mugId: mug.id, mugName: mug.name, articleNumber: mug.articleNumber, variants: [] }));
    group.variants.push(toMugVariantDto(variant));
  }
  // Sorted here, not by the database's collation, so the order is the same on every server.
  const compare = new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare;
  for (const group of groups.values())
    group.variants.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || compare(a.name, b.name) || a.id - b.id);
  return [...groups.values()].sort((a, b) => compare(a.mugName, b.mugName) || a.mugId - b.mugId);
}

type PreparedImage = Omit<Image, "id" | "createdAt">;

/** Copied before the transaction (storage may be remote), each under its own key, so deleting one never takes the other's. */
async function prepareImageCopies(variants: readonly MugVariant[], written: string[]): Promise<Map<number, PreparedImage>> {
  const prepared = new Map<number, PreparedImage>();
  const imageIds = [...new Set(variants.flatMap((v) => (v.exampleImageId === null ? [] : [v.exampleImageId])))];
  if (!imageIds.length) return prepared;
  const db = await getDb();
  const sourceImages = new Map((await db.select().from(images).where(inArray(images.id, imageIds))).map((i) => [i.id, i]));
  const storage = getStorage();
  for (const variant of variants) {
    const source = variant.exampleImageId === null ? undefined : sourceImages.get(variant.exampleImageId);
    if (!source) continue;
    const bytes = await storage.get(source.storageKey);
    if (!bytes) {
      logger.warn("variant image file missing; copied without image", { imageId: source.id });
      continue;
    }
    const key = newStorageKey("catalogue", source.storageKey.split(".").pop() ?? "webp");
    await storage.put(key, bytes, source.mimeType);
    written.push(key);
    prepared.set(variant.id, {
      ownerId: null,
      accessKey: null,
      type: "CATALOGUE",
      storageKey: key,
      mimeType: source.mimeType,
      width: source.width,
      height: source.height,
      sizeBytes: bytes.length,
      cropX: source.cropX,
      cropY: source.cropY,
      cropWidth: source.cropWidth,
      cropHeight: source.cropHeight,
      sourceImageId: null,
      promptId: null,
      generationId: null,
      clientNetwork: null,
    });
  }
  return prepared;
}

export async function copyMugVariants(mugId: number, variantIds: number[]): Promise<CopyVariantsDto> {
  const db = await getDb();
  const ids = [...new Set(variantIds)];
  const sources = await db.select().from(mugVariants).where(inArray(mugVariants.id, ids));
  if (sources.length !== ids.length) throw new ApiError(422, "errors.validationFailed", { variantIds: "validation.unknownReference" });
  const byId = new Map(sources.map((s) => [s.id, s]));
  const written: string[] = [];
  const used = new Set<string>();
  let result: { copied: MugVariant[]; skipped: { id: number; name: string }[] };
  try {
    const preparedImages = await prepareImageCopies(sources, written);
    result = await mapUniqueViolations(
      () =>
        db.transaction(async (tx) => {
          used.clear();
          await lockMug(tx, mugId);
          const existing = await tx.select({ name: mugVariants.name }).from(mugVariants).where(eq(mugVariants.articleId, mugId));
          const taken = new Set(existing.map((v) => v.name.toLowerCase()));
          let needsDefault = !(await mugHasDefault(tx, mugId));
          const copied: MugVariant[] = [];
          const skipped: { id: number; name: string }[] = [];
          for (const id of ids) {
            const source = byId.get(id);
            if (!source) continue;
            if (taken.has(source.name.toLowerCase())) {
              skipped.push({ id: source.id, name: source.name });
              continue;
            }
            taken.add(source.name.toLowerCase());
            const imageCopy = preparedImages.get(source.id);
            let exampleImageId: number | null = null;
            if (imageCopy) {
              const [image] = await tx.insert(images).values(imageCopy).returning({ id: images.id });
              if (!image) throw new Error("insert returned no row");
              used.add(imageCopy.storageKey);
              exampleImageId = image.id;
            }
            const [row] = await tx
              .insert(mugVariants)
              .values({
                articleId: mugId,
                name: source.name,
                nameDe: source.nameDe,
                articleVariantNumber: source.articleVariantNumber,
                insideColorCode: source.insideColorCode.toUpperCase(),
                outsideColorCode: source.outsideColorCode.toUpperCase(),
                exampleImageId,
                active: true,
                isDefault: needsDefault,
              })
              .returning();
            if (!row) throw new Error("insert returned no row");
            needsDefault = false;
            copied.push(row);
          }
          return { copied, skipped };
        }),
      MUG_VARIANT_UNIQUES,
    );
  } catch (err) {
    await removeFiles(written);
    throw err;
  }
  await removeFiles(written.filter((key) => !used.has(key)));
  if (result.copied.length) invalidateCatalog();
  return { copied: result.copied.map(toMugVariantDto), skipped: result.skipped };
}
