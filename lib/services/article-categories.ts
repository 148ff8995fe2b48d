import "server-only";
import { and, count, eq, getTableName, ilike, inArray, ne, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { articleCategories, articleSubcategories, articles } from "@/db/schema";
import { ApiError, isStillReferenced } from "@/lib/api/errors";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import type { CategoryBody, CategoryDto, SubcategoryBody, SubcategoryDto } from "@/lib/schemas/article-categories";
import { invalidateCatalog } from "./catalog-cache";

/**
 * Article categories and their subcategories (spec sections 3, 5, 7 and 8).
 *
 * Rules kept here:
 * - A category with subcategories cannot be deleted ("Cannot delete category with subcategories…"),
 *   nor one that articles use; a subcategory that articles use cannot be deleted. The checks run in
 *   the deleting transaction with the row locked, and a foreign-key violation (a concurrent insert
 *   that slipped past) answers with the same message.
 * - Articles keep their subcategory inside their category, so a subcategory that articles use cannot
 *   be moved to another category (409 errors.subcategoryMoveHasArticles); the admin moves the
 *   articles first. Renaming it is always allowed.
 * - An unknown category of a subcategory is a 422 field error on `categoryId`, never a 500.
 * Lists are sorted by name with the caller's collation ("Öl" next to "Ol"); every write invalidates
 * the catalogue cache.
 */

type CategoryRow = typeof articleCategories.$inferSelect;
type SubcategoryRow = typeof articleSubcategories.$inferSelect;

const collators = new Map<string, Intl.Collator>();
function byName(locale: Locale): (a: { name: string; id: number }, b: { name: string; id: number }) => number {
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(locale, { sensitivity: "base", numeric: true })));
  const compare = c.compare;
  return (a, b) => compare(a.name, b.name) || a.id - b.id;
}

/** `%`, `_` and `\` typed by the admin are searched literally. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

async function articleCountsByCategory(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: articles.categoryId, n: count() })
    .from(articles)
    .where(inArray(articles.categoryId, ids))
    .groupBy(articles.categoryId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

async function articleCountsBySubcategory(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: articles.subcategoryId, n: count() })
    .from(articles)
    .where(inArray(articles.subcategoryId, ids))
    .groupBy(articles.subcategoryId);
  return new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, r.n] as const])));
}

function subcategoryDto(row: SubcategoryRow, categoryName: string, articleCount: number): SubcategoryDto {
  return {
    id: row.id,
    categoryId: row.categoryId,
    categoryName,
    name: row.name,
    description: row.description,
    articleCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Categories matching `where` with their subcategories and counts, sorted by name (subcategories too). */
async function loadCategories(db: Db | Tx, locale: Locale, where?: SQL): Promise<CategoryDto[]> {
  const categories = await db.select().from(articleCategories).where(where);
  const ids = categories.map((c) => c.id);
  if (ids.length === 0) return [];
  const subs = await db.select().from(articleSubcategories).where(inArray(articleSubcategories.categoryId, ids));
  const [byCategory, bySubcategory] = await Promise.all([
    articleCountsByCategory(db, ids),
    articleCountsBySubcategory(
      db,
      subs.map((s) => s.id),
    ),
  ]);
  const compare = byName(locale);
  return categories
    .map((c: CategoryRow): CategoryDto => {
      const subcategories = subs
        .filter((s) => s.categoryId === c.id)
        .map((s) => subcategoryDto(s, c.name, bySubcategory.get(s.id) ?? 0))
        .sort(compare);
      return {
        id: c.id,
        name: c.name,
        description: c.description,
        articleCount: byCategory.get(c.id) ?? 0,
        subcategoryCount: subcategories.length,
        subcategories,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
      };
    })
    .sort(compare);
}

/** Subcategories matching `where` with their category's name and article count, sorted by name, then category name. */
async function loadSubcategories(db: Db | Tx, locale: Locale, where?: SQL): Promise<SubcategoryDto[]> {
  const rows = await db
    .select({ sub: articleSubcategories, categoryName: articleCategories.name })
    .from(articleSubcategories)
    .innerJoin(articleCategories, eq(articleCategories.id, articleSubcategories.categoryId))
    .where(where);
  const counts = await articleCountsBySubcategory(
    db,
    rows.map((r) => r.sub.id),
  );
  const compare = byName(locale);
  return rows
    .map((r) => subcategoryDto(r.sub, r.categoryName, counts.get(r.sub.id) ?? 0))
    .sort((a, b) => compare(a, b) || compare({ name: a.categoryName, id: a.categoryId }, { name: b.categoryName, id: b.categoryId }));
}

/** The violated constraint's name, as postgres.js (`constraint_name`) or PGlite (`constraint`) reports it. */
function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { constraint_name, constraint } = e as { constraint_name?: unknown; constraint?: unknown };
    const name = constraint_name ?? constraint;
    if (typeof name === "string" && name) return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

// ── Categories ─────────────────────────────────────────────────────────────────────────────────────

/** Every category with its subcategories and counts. */
export async function listArticleCategories(locale: Locale = DEFAULT_LOCALE): Promise<CategoryDto[]> {
  return loadCategories(await getDb(), locale);
}

/** Categories whose name contains `name` (case-insensitive; `%` and `_` literal); no name → all. */
export async function searchArticleCategories(name: string | undefined, locale: Locale = DEFAULT_LOCALE): Promise<CategoryDto[]> {
  return loadCategories(await getDb(), locale, name ? ilike(articleCategories.name, likePattern(name)) : undefined);
}

export async function getArticleCategoryOrThrow(id: number, locale: Locale = DEFAULT_LOCALE): Promise<CategoryDto> {
  const [category] = await loadCategories(await getDb(), locale, eq(articleCategories.id, id));
  if (!category) throw new ApiError(404, "errors.categoryNotFound");
  return category;
}

export async function createArticleCategory(body: CategoryBody): Promise<CategoryDto> {
  const db = await getDb();
  const [row] = await db.insert(articleCategories).values({ name: body.name, description: body.description }).returning({ id: articleCategories.id });
  if (!row) throw new Error("insert returned no row");
  invalidateCatalog();
  return getArticleCategoryOrThrow(row.id);
}

export async function updateArticleCategory(id: number, body: CategoryBody, locale: Locale = DEFAULT_LOCALE): Promise<CategoryDto> {
  const db = await getDb();
  const [row] = await db
    .update(articleCategories)
    .set({ name: body.name, description: body.description })
    .where(eq(articleCategories.id, id))
    .returning({ id: articleCategories.id });
  if (!row) throw new ApiError(404, "errors.categoryNotFound");
  invalidateCatalog();
  return getArticleCategoryOrThrow(id, locale);
}

async function hasSubcategories(db: Db | Tx, categoryId: number): Promise<boolean> {
  const [row] = await db.select({ id: articleSubcategories.id }).from(articleSubcategories).where(eq(articleSubcategories.categoryId, categoryId)).limit(1);
  return !!row;
}

async function categoryHasArticles(db: Db | Tx, categoryId: number): Promise<boolean> {
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.categoryId, categoryId)).limit(1);
  return !!row;
}

async function subcategoryHasArticles(db: Db | Tx, subcategoryId: number): Promise<boolean> {
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.subcategoryId, subcategoryId)).limit(1);
  return !!row;
}

/**
 * Deletes a category that has neither subcategories (checked first, spec section 8) nor articles.
 * The row is locked first, so a subcategory or article inserted meanwhile waits and then fails its
 * own foreign-key check; a violation on our side still answers with the matching 409.
 */
export async function deleteArticleCategory(id: number): Promise<{ id: number; deleted: true }> {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.id, id)).for("update");
      if (!row) throw new ApiError(404, "errors.categoryNotFound");
      if (await hasSubcategories(tx, id)) throw new ApiError(409, "errors.categoryHasSubcategories");
      if (await categoryHasArticles(tx, id)) throw new ApiError(409, "errors.categoryHasArticles");
      await tx.delete(articleCategories).where(eq(articleCategories.id, id));
    });
  } catch (err) {
    if (!isStillReferenced(err)) throw err;
    // Which reference blocked the delete: a subcategory's foreign key, or an article's.
    const constraint = violatedConstraint(err);
    const bySubcategory = constraint ? constraint.startsWith(`${getTableName(articleSubcategories)}_`) : await hasSubcategories(db, id);
    throw new ApiError(409, bySubcategory ? "errors.categoryHasSubcategories" : "errors.categoryHasArticles");
  }
  invalidateCatalog();
  return { id, deleted: true };
}

// ── Subcategories ──────────────────────────────────────────────────────────────────────────────────

const unknownCategory = () => new ApiError(422, "errors.validationFailed", { categoryId: "validation.unknownReference" });

/** The category a subcategory is filed under, locked against deletion until the transaction ends. */
async function lockCategoryForChild(tx: Tx, categoryId: number): Promise<void> {
  const [row] = await tx.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.id, categoryId)).for("key share");
  if (!row) throw unknownCategory();
}

export async function listArticleSubcategories(locale: Locale = DEFAULT_LOCALE): Promise<SubcategoryDto[]> {
  return loadSubcategories(await getDb(), locale);
}

/** Subcategories whose name contains `name` (case-insensitive; `%` and `_` literal); no name → all. */
export async function searchArticleSubcategories(name: string | undefined, locale: Locale = DEFAULT_LOCALE): Promise<SubcategoryDto[]> {
  return loadSubcategories(await getDb(), locale, name ? ilike(articleSubcategories.name, likePattern(name)) : undefined);
}

/** The subcategories of one category; an unknown category answers 404. */
export async function listArticleSubcategoriesOfCategory(categoryId: number, locale: Locale = DEFAULT_LOCALE): Promise<SubcategoryDto[]> {
  const db = await getDb();
  const [category] = await db.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.id, categoryId));
  if (!category) throw new ApiError(404, "errors.categoryNotFound");
  return loadSubcategories(db, locale, eq(articleSubcategories.categoryId, categoryId));
}

export async function getArticleSubcategoryOrThrow(id: number, locale: Locale = DEFAULT_LOCALE): Promise<SubcategoryDto> {
  const [sub] = await loadSubcategories(await getDb(), locale, eq(articleSubcategories.id, id));
  if (!sub) throw new ApiError(404, "errors.subcategoryNotFound");
  return sub;
}

export async function createArticleSubcategory(body: SubcategoryBody): Promise<SubcategoryDto> {
  const db = await getDb();
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await lockCategoryForChild(tx, body.categoryId);
      const [row] = await tx
        .insert(articleSubcategories)
        .values({ categoryId: body.categoryId, name: body.name, description: body.description })
        .returning({ id: articleSubcategories.id });
      if (!row) throw new Error("insert returned no row");
      return row.id;
    });
  } catch (err) {
    if (isStillReferenced(err)) throw unknownCategory();
    throw err;
  }
  invalidateCatalog();
  return getArticleSubcategoryOrThrow(id);
}

/**
 * Replaces name, description and category. Moving to another category is refused (409) while any
 * article uses the subcategory: those articles would end up with a subcategory outside their category.
 */
export async function updateArticleSubcategory(id: number, body: SubcategoryBody, locale: Locale = DEFAULT_LOCALE): Promise<SubcategoryDto> {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(articleSubcategories).where(eq(articleSubcategories.id, id)).for("update");
      if (!current) throw new ApiError(404, "errors.subcategoryNotFound");
      if (body.categoryId !== current.categoryId) {
        await lockCategoryForChild(tx, body.categoryId);
        const [elsewhere] = await tx
          .select({ id: articles.id })
          .from(articles)
          .where(and(eq(articles.subcategoryId, id), ne(articles.categoryId, body.categoryId)))
          .limit(1);
        if (elsewhere) throw new ApiError(409, "errors.subcategoryMoveHasArticles");
      }
      await tx
        .update(articleSubcategories)
        .set({ categoryId: body.categoryId, name: body.name, description: body.description })
        .where(eq(articleSubcategories.id, id));
    });
  } catch (err) {
    if (isStillReferenced(err)) throw unknownCategory();
    throw err;
  }
  invalidateCatalog();
  return getArticleSubcategoryOrThrow(id, locale);
}

/** Deletes a subcategory no article uses ("Cannot delete subcategory with associated articles" otherwise). */
export async function deleteArticleSubcategory(id: number): Promise<{ id: number; deleted: true }> {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ id: articleSubcategories.id }).from(articleSubcategories).where(eq(articleSubcategories.id, id)).for("update");
      if (!row) throw new ApiError(404, "errors.subcategoryNotFound");
      if (await subcategoryHasArticles(tx, id)) throw new ApiError(409, "errors.subcategoryHasArticles");
      await tx.delete(articleSubcategories).where(eq(articleSubcategories.id, id));
    });
  } catch (err) {
    if (isStillReferenced(err)) throw new ApiError(409, "errors.subcategoryHasArticles");
    throw err;
  }
  invalidateCatalog();
  return { id, deleted: true };
}
