import "server-only";
import { count, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { likePattern } from "../list-query";
import type { Locale } from "@/lib/i18n/config";
import type { CountKey, TreeCategoryDto, TreeSubcategoryDto } from "@/lib/schemas/category-tree";
import type { CategoryRow, CategoryTable, CategoryTreeConfig, ChildTable, GermanColumns, SubcategoryRow } from "./config";

/** Sorted with the caller's collation ("Öl" next to "Ol"). */

const collators = new Map<string, Intl.Collator>();
function byName(locale: Locale): (a: { name: string; id: number }, b: { name: string; id: number }) => number {
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(locale, { sensitivity: "base", numeric: true })));
  const compare = c.compare;
  return (a, b) => compare(a.name, b.name) || a.id - b.id;
}

export function nameContains(table: CategoryTable, q: string | undefined): SQL | undefined {
  return q ? ilike(table.name, likePattern(q)) : undefined;
}

const rowColumns = (t: CategoryTable, german: GermanColumns | undefined) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  ...(german && { nameDe: german.nameDe, descriptionDe: german.descriptionDe }),
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

const germanOf = (row: CategoryRow) => ("nameDe" in row ? { nameDe: row.nameDe ?? null, descriptionDe: row.descriptionDe ?? null } : {});

async function countsBy(
  db: Db | Tx,
  children: ChildTable,
  by: "categoryId" | "subcategoryId",
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const column = children[by];
  const rows = await db.select({ id: column, n: count() }).from(children).where(inArray(column, ids)).groupBy(column);
  return new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, r.n] as const])));
}

function subcategoryDto<K extends CountKey>(countKey: K, row: SubcategoryRow, categoryName: string, n: number): TreeSubcategoryDto<K> {
  return {
    id: row.id,
    categoryId: row.categoryId,
    categoryName,
    name: row.name,
    description: row.description,
    ...germanOf(row),
    [countKey]: n,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as TreeSubcategoryDto<K>;
}

export async function loadCategories<K extends CountKey>(
  cfg: CategoryTreeConfig<K>,
  db: Db | Tx,
  locale: Locale,
  where?: SQL,
): Promise<TreeCategoryDto<K>[]> {
  const { categories: c, subcategories: s, children, countKey, german } = cfg;
  const cats: CategoryRow[] = await db.select(rowColumns(c, german?.categories)).from(c).where(where);
  const ids = cats.map((x) => x.id);
  if (ids.length === 0) return [];
  const subs: SubcategoryRow[] = await db
    .select({ ...rowColumns(s, german?.subcategories), categoryId: s.categoryId })
    .from(s)
    .where(inArray(s.categoryId, ids));
  const [byCategory, bySubcategory] = await Promise.all([
    countsBy(db, children, "categoryId", ids),
    countsBy(
      db,
      children,
      "subcategoryId",
      subs.map((x) => x.id),
    ),
  ]);
  const compare = byName(locale);
  return cats
    .map((cat) => {
      const subcategories = subs
        .filter((x) => x.categoryId === cat.id)
        .map((x) => subcategoryDto(countKey, x, cat.name, bySubcategory.get(x.id) ?? 0))
        .sort(compare);
      return {
        id: cat.id,
        name: cat.name,
        description: cat.description,
        ...germanOf(cat),
        [countKey]: byCategory.get(cat.id) ?? 0,
        subcategoryCount: subcategories.length,
        subcategories,
        createdAt: cat.createdAt.toISOString(),
        updatedAt: cat.updatedAt.toISOString(),
      } as TreeCategoryDto<K>;
    })
    .sort(compare);
}

export async function loadSubcategories<K extends CountKey>(
  cfg: CategoryTreeConfig<K>,
  db: Db | Tx,
  locale: Locale,
  where?: SQL,
): Promise<TreeSubcategoryDto<K>[]> {
  const { categories: c, subcategories: s, children, countKey, german } = cfg;
  const rows: { sub: SubcategoryRow; categoryName: string }[] = await db
    .select({ sub: { ...rowColumns(s, german?.subcategories), categoryId: s.categoryId }, categoryName: c.name })
    .from(s)
    .innerJoin(c, eq(c.id, s.categoryId))
    .where(where);
  const counts = await countsBy(
    db,
    children,
    "subcategoryId",
    rows.map((r) => r.sub.id),
  );
  const compare = byName(locale);
  return rows
    .map((r) => subcategoryDto(countKey, r.sub, r.categoryName, counts.get(r.sub.id) ?? 0))
    .sort((a, b) => compare(a, b) || compare({ name: a.categoryName, id: a.categoryId }, { name: b.categoryName, id: b.categoryId }));
}
