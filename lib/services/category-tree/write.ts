import "server-only";
import { and, eq, getTableName, ne } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { ApiError, isStillReferenced } from "@/lib/errors";
import type { CategoryBody, CountKey, SubcategoryBody } from "@/lib/schemas/category-tree";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import type { CategoryTreeConfig } from "./config";
import { violatedConstraint } from "../list-query";

/** A foreign-key violation from a concurrent insert answers with the same 409. */

type Cfg = CategoryTreeConfig<CountKey>;

const germanValues = (cfg: Cfg, body: CategoryBody) =>
  cfg.german ? { nameDe: body.nameDe ?? null, descriptionDe: body.descriptionDe ?? null } : {};

const unknownCategory = () => new ApiError(422, "errors.validationFailed", { categoryId: "validation.unknownReference" });

export async function insertCategory(cfg: Cfg, body: CategoryBody): Promise<number> {
  const { categories: c } = cfg;
  const db = await getDb();
  const [row] = await db
    .insert(c)
    .values({ name: body.name, description: body.description, ...germanValues(cfg, body) })
    .returning({ id: c.id });
  if (!row) throw new Error("insert returned no row");
  invalidateCatalog();
  return row.id;
}

export async function replaceCategory(cfg: Cfg, id: number, body: CategoryBody): Promise<number> {
  const { categories: c } = cfg;
  const db = await getDb();
  const [row] = await db
    .update(c)
    .set({ name: body.name, description: body.description, ...germanValues(cfg, body) })
    .where(eq(c.id, id))
    .returning({ id: c.id });
  if (!row) throw new ApiError(404, "errors.categoryNotFound");
  invalidateCatalog();
  return row.id;
}

async function hasSubcategories({ subcategories: s }: Cfg, db: Db | Tx, categoryId: number): Promise<boolean> {
  const [row] = await db.select({ id: s.id }).from(s).where(eq(s.categoryId, categoryId)).limit(1);
  return !!row;
}

async function hasChildren({ children }: Cfg, db: Db | Tx, by: "categoryId" | "subcategoryId", id: number): Promise<boolean> {
  const [row] = await db.select({ id: children.id }).from(children).where(eq(children[by], id)).limit(1);
  return !!row;
}

/** Locked first, so a child inserted meanwhile waits and then fails its own foreign-key check. */
export async function removeCategory(cfg: Cfg, id: number): Promise<{ id: number; deleted: true }> {
  const { categories: c, subcategories: s, messages } = cfg;
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ id: c.id }).from(c).where(eq(c.id, id)).for("update");
      if (!row) throw new ApiError(404, "errors.categoryNotFound");
      if (await hasSubcategories(cfg, tx, id)) throw new ApiError(409, "errors.categoryHasSubcategories");
      if (await hasChildren(cfg, tx, "categoryId", id)) throw new ApiError(409, messages.categoryHasChildren);
      await tx.delete(c).where(eq(c.id, id));
    });
  } catch (err) {
    if (!isStillReferenced(err)) throw err;
    const constraint = violatedConstraint(err);
    const bySubcategory = constraint ? constraint.startsWith(`${getTableName(s)}_`) : await hasSubcategories(cfg, db, id);
    throw new ApiError(409, bySubcategory ? "errors.categoryHasSubcategories" : messages.categoryHasChildren);
  }
  invalidateCatalog();
  return { id, deleted: true };
}

async function lockCategoryForChild({ categories: c }: Cfg, tx: Tx, categoryId: number): Promise<void> {
  const [row] = await tx.select({ id: c.id }).from(c).where(eq(c.id, categoryId)).for("key share");
  if (!row) throw unknownCategory();
}

export async function insertSubcategory(cfg: Cfg, body: SubcategoryBody): Promise<number> {
  const { subcategories: s } = cfg;
  const db = await getDb();
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await lockCategoryForChild(cfg, tx, body.categoryId);
      const [row] = await tx
        .insert(s)
        .values({ categoryId: body.categoryId, name: body.name, description: body.description, ...germanValues(cfg, body) })
        .returning({ id: s.id });
      if (!row) throw new Error("insert returned no row");
      return row.id;
    });
  } catch (err) {
    if (isStillReferenced(err)) throw unknownCategory();
    throw err;
  }
  invalidateCatalog();
  return id;
}

/** Refused while children use it: they would end up outside their category. */
export async function replaceSubcategory(cfg: Cfg, id: number, body: SubcategoryBody): Promise<number> {
  const { subcategories: s, children, messages } = cfg;
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select({ categoryId: s.categoryId }).from(s).where(eq(s.id, id)).for("update");
      if (!current) throw new ApiError(404, "errors.subcategoryNotFound");
      if (body.categoryId !== current.categoryId) {
        await lockCategoryForChild(cfg, tx, body.categoryId);
        const [elsewhere] = await tx
          .select({ id: children.id })
          .from(children)
          .where(and(eq(children.subcategoryId, id), ne(children.categoryId, body.categoryId)))
          .limit(1);
        if (elsewhere) throw new ApiError(409, messages.subcategoryMoveHasChildren);
      }
      await tx
        .update(s)
        .set({ categoryId: body.categoryId, name: body.name, description: body.description, ...germanValues(cfg, body) })
        .where(eq(s.id, id));
    });
  } catch (err) {
    if (isStillReferenced(err)) throw unknownCategory();
    throw err;
  }
  invalidateCatalog();
  return id;
}

export async function removeSubcategory(cfg: Cfg, id: number): Promise<{ id: number; deleted: true }> {
  const { subcategories: s, messages } = cfg;
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ id: s.id }).from(s).where(eq(s.id, id)).for("update");
      if (!row) throw new ApiError(404, "errors.subcategoryNotFound");
      if (await hasChildren(cfg, tx, "subcategoryId", id)) throw new ApiError(409, messages.subcategoryHasChildren);
      await tx.delete(s).where(eq(s.id, id));
    });
  } catch (err) {
    if (isStillReferenced(err)) throw new ApiError(409, messages.subcategoryHasChildren);
    throw err;
  }
  invalidateCatalog();
  return { id, deleted: true };
}
