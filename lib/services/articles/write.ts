import "server-only";
import { and, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import {
  articleCategories,
  articles,
  articleSubcategories,
  cartItems,
  mugDetails,
  mugVariants,
  orderItems,
  shirtDetails,
  shirtVariants,
  suppliers,
} from "@/db/schema";
import { ApiError, type MessageKey } from "@/lib/errors";
import type { ArticleDto, CreateArticleBody, MugVariantBody, ShirtVariantBody, UpdateArticleBody } from "@/lib/schemas/articles";
import { deleteCatalogueImageIfUnreferenced, mapUniqueViolations } from "../article-variants/shared";
import { invalidateCatalog } from "../catalog-cache";
import { derivePriceRow, savePriceRow } from "./price";
import { getArticleOrThrow } from "./queries";

/** One transaction per write, so any invalid part saves nothing. */

type FieldErrors = Record<string, MessageKey>;
type ArticleBody = CreateArticleBody | UpdateArticleBody;

const numberTaken = () => new ApiError(409, "errors.articleNumberTaken", { articleNumber: "validation.articleNumberTaken" });

const ARTICLE_UNIQUES = {
  articles_article_number_unique: numberTaken,
  // The body checks below rule these out; should one slip through, it is a conflict, not a 500.
  mug_variants_article_name_unique: () => new ApiError(409, "errors.variantNameExists"),
  mug_variants_one_default: () => new ApiError(409, "errors.conflict"),
  shirt_variants_color_size_unique: () => new ApiError(409, "errors.shirtVariantExists"),
};

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new ApiError(422, "errors.validationFailed", errors);
}

export function resolveMugVariants(variants: MugVariantBody[], errors: FieldErrors): MugVariantBody[] {
  const seen = new Set<string>();
  variants.forEach((v, i) => {
    const key = v.name.toLocaleLowerCase("en");
    if (seen.has(key)) errors[`mugVariants.${i}.name`] = "validation.variantNameExists";
    seen.add(key);
  });
  const flagged = variants.flatMap((v, i) => (v.isDefault ? [i] : []));
  for (const i of flagged.slice(1)) errors[`mugVariants.${i}.isDefault`] = "validation.oneDefaultVariant";
  const [chosen] = flagged;
  if (chosen !== undefined && !variants[chosen]?.active) errors[`mugVariants.${chosen}.active`] = "validation.defaultVariantInactive";
  const firstActive = variants.findIndex((v) => v.active);
  const defaultIndex = chosen ?? (firstActive >= 0 ? firstActive : 0);
  return variants.map((v, i) => ({ ...v, isDefault: i === defaultIndex }));
}

export function checkShirtVariants(variants: ShirtVariantBody[], availableSizes: readonly string[], errors: FieldErrors): void {
  const sizes = new Set(availableSizes);
  const seen = new Set<string>();
  variants.forEach((v, i) => {
    if (!sizes.has(v.size)) errors[`shirtVariants.${i}.size`] = "validation.sizeNotAvailable";
    const key = `${v.color.toLocaleLowerCase("en")}\u0000${v.size}`;
    if (seen.has(key)) errors[`shirtVariants.${i}.color`] = "validation.shirtVariantExists";
    seen.add(key);
  });
}

async function checkReferences(tx: Tx, body: ArticleBody, errors: FieldErrors): Promise<void> {
  const [category] = await tx
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.id, body.categoryId))
    .for("share");
  if (!category) errors.categoryId = "validation.unknownReference";
  if (body.subcategoryId !== null) {
    const [sub] = await tx
      .select({ categoryId: articleSubcategories.categoryId })
      .from(articleSubcategories)
      .where(eq(articleSubcategories.id, body.subcategoryId))
      .for("share");
    if (!sub) errors.subcategoryId = "validation.unknownReference";
    else if (sub.categoryId !== body.categoryId) errors.subcategoryId = "validation.subcategoryNotInCategory";
  }
  if (body.supplierId !== null) {
    const [supplier] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, body.supplierId)).for("share");
    if (!supplier) errors.supplierId = "validation.unknownReference";
  }
}

async function articleNumberTaken(tx: Tx, articleNumber: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(sql`lower(${articles.articleNumber}) = lower(${articleNumber})`, exceptId === undefined ? undefined : ne(articles.id, exceptId)),
    )
    .limit(1);
  return !!row;
}

function articleValues(body: ArticleBody) {
  return {
    name: body.name,
    nameDe: body.nameDe,
    shortDescription: body.shortDescription,
    shortDescriptionDe: body.shortDescriptionDe,
    longDescription: body.longDescription,
    longDescriptionDe: body.longDescriptionDe,
    active: body.active,
    articleNumber: body.articleNumber,
    categoryId: body.categoryId,
    subcategoryId: body.subcategoryId,
    supplierId: body.supplierId,
    supplierArticleName: body.supplierArticleName,
    supplierArticleNumber: body.supplierArticleNumber,
  };
}

async function saveDetails(tx: Tx, articleId: number, body: ArticleBody): Promise<void> {
  if (body.type === "MUG") {
    const values = { ...body.mugDetails };
    await tx
      .insert(mugDetails)
      .values({ articleId, ...values })
      .onConflictDoUpdate({ target: mugDetails.articleId, set: values });
  } else {
    const values = { ...body.shirtDetails };
    await tx
      .insert(shirtDetails)
      .values({ articleId, ...values })
      .onConflictDoUpdate({ target: shirtDetails.articleId, set: values });
  }
}

export async function createArticle(body: CreateArticleBody): Promise<ArticleDto> {
  const errors: FieldErrors = {};
  const mugRows = body.type === "MUG" ? resolveMugVariants(body.mugVariants, errors) : [];
  if (body.type === "SHIRT") checkShirtVariants(body.shirtVariants, body.shirtDetails.availableSizes, errors);
  const db = await getDb();
  const id = await mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        await checkReferences(tx, body, errors);
        const price = await derivePriceRow(tx, body.priceCalculation, errors);
        throwIfAny(errors);
        if (!price) throw new Error("price calculation not derived");
        if (await articleNumberTaken(tx, body.articleNumber)) throw numberTaken();
        const [article] = await tx
          .insert(articles)
          .values({ type: body.type, ...articleValues(body) })
          .returning({ id: articles.id });
        if (!article) throw new Error("insert returned no row");
        await saveDetails(tx, article.id, body);
        await savePriceRow(tx, article.id, price);
        if (mugRows.length) {
          await tx.insert(mugVariants).values(
            mugRows.map((v) => ({
              articleId: article.id,
              name: v.name,
              nameDe: v.nameDe,
              articleVariantNumber: v.articleVariantNumber,
              insideColorCode: v.insideColorCode,
              outsideColorCode: v.outsideColorCode,
              active: v.active,
              isDefault: v.isDefault,
            })),
          );
        }
        if (body.type === "SHIRT" && body.shirtVariants.length) {
          await tx
            .insert(shirtVariants)
            .values(body.shirtVariants.map((v) => ({ articleId: article.id, color: v.color, colorDe: v.colorDe, size: v.size })));
        }
        return article.id;
      }),
    ARTICLE_UNIQUES,
  );
  invalidateCatalog();
  return getArticleOrThrow(id);
}

async function lockArticle(tx: Tx, id: number): Promise<{ type: "MUG" | "SHIRT" }> {
  const [row] = await tx.select({ type: articles.type }).from(articles).where(eq(articles.id, id)).for("update");
  if (!row) throw new ApiError(404, "errors.articleNotFound");
  return row;
}

export async function updateArticle(id: number, body: UpdateArticleBody): Promise<ArticleDto> {
  const db = await getDb();
  await mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const current = await lockArticle(tx, id);
        if (current.type !== body.type) throw new ApiError(422, "errors.validationFailed", { type: "validation.articleTypeUnchangeable" });
        const errors: FieldErrors = {};
        await checkReferences(tx, body, errors);
        const price = await derivePriceRow(tx, body.priceCalculation, errors);
        if (body.type === "SHIRT") {
          const used = await tx.selectDistinct({ size: shirtVariants.size }).from(shirtVariants).where(eq(shirtVariants.articleId, id));
          if (used.some((u) => !body.shirtDetails.availableSizes.includes(u.size as (typeof body.shirtDetails.availableSizes)[number]))) {
            errors["shirtDetails.availableSizes"] = "validation.sizeInUse";
          }
        }
        throwIfAny(errors);
        if (!price) throw new Error("price calculation not derived");
        if (await articleNumberTaken(tx, body.articleNumber, id)) throw numberTaken();
        await tx.update(articles).set(articleValues(body)).where(eq(articles.id, id));
        await saveDetails(tx, id, body);
        await savePriceRow(tx, id, price);
      }),
    ARTICLE_UNIQUES,
  );
  invalidateCatalog();
  return getArticleOrThrow(id);
}

export type DeleteArticleResult = { deleted: boolean; deactivated: boolean };

/** Deactivated, never deleted, so order history and invoices stay intact. */
export async function deleteArticle(id: number): Promise<DeleteArticleResult> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    // The lock makes a concurrent order or cart line for this article wait (its foreign key check needs the row).
    await lockArticle(tx, id);
    if (await articleInUse(tx, id)) {
      await tx.update(articles).set({ active: false }).where(eq(articles.id, id));
      return { deleted: false, imageIds: [] as number[] };
    }
    const imageIds = await variantImageIds(tx, id);
    await tx.delete(articles).where(eq(articles.id, id));
    return { deleted: true, imageIds };
  });
  invalidateCatalog();
  for (const imageId of outcome.imageIds) await deleteCatalogueImageIfUnreferenced(imageId);
  return { deleted: outcome.deleted, deactivated: !outcome.deleted };
}

async function articleInUse(tx: Tx, id: number): Promise<boolean> {
  const mugIds = tx.select({ id: mugVariants.id }).from(mugVariants).where(eq(mugVariants.articleId, id));
  const shirtIds = tx.select({ id: shirtVariants.id }).from(shirtVariants).where(eq(shirtVariants.articleId, id));
  const [inOrder] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(or(eq(orderItems.articleId, id), inArray(orderItems.mugVariantId, mugIds), inArray(orderItems.shirtVariantId, shirtIds)))
    .limit(1);
  if (inOrder) return true;
  const [inCart] = await tx.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.articleId, id)).limit(1);
  return !!inCart;
}

async function variantImageIds(tx: Tx, id: number): Promise<number[]> {
  const [mugRows, shirtRows] = [
    await tx
      .select({ imageId: mugVariants.exampleImageId })
      .from(mugVariants)
      .where(and(eq(mugVariants.articleId, id), isNotNull(mugVariants.exampleImageId))),
    await tx
      .select({ imageId: shirtVariants.exampleImageId })
      .from(shirtVariants)
      .where(and(eq(shirtVariants.articleId, id), isNotNull(shirtVariants.exampleImageId))),
  ];
  return [...new Set([...mugRows, ...shirtRows].flatMap((r) => (r.imageId === null ? [] : [r.imageId])))];
}
