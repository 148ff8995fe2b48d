import type { CategorySeed } from "@/db/seed-data";

export type Keyed = { key: string; id: number };

export async function ensureKeyed(
  keys: readonly string[],
  load: () => Promise<Keyed[]>,
  insertMissing: (missing: ReadonlySet<string>) => Promise<unknown>,
): Promise<Map<string, number>> {
  const toMap = (rows: Keyed[]) => {
    const map = new Map<string, number>();
    for (const row of rows) if (!map.has(row.key)) map.set(row.key, row.id);
    return map;
  };
  const existing = toMap(await load());
  const missing = new Set(keys.filter((key) => !existing.has(key)));
  if (missing.size === 0) return existing;
  await insertMissing(missing);
  return toMap(await load());
}

export function need(map: ReadonlyMap<string, number>, key: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`Seed: no row for "${key}"`);
  return id;
}

export const round3 = (value: number) => Math.round(value * 1000) / 1000;

export interface CategoryTree {
  categories: Map<string, number>;
  subcategories: Map<string, number>;
}

export interface CategoryTables {
  loadCategories(): Promise<Keyed[]>;
  insertCategories(rows: { name: string; description: string }[]): Promise<unknown>;
  loadSubcategories(): Promise<{ id: number; categoryId: number; name: string }[]>;
  insertSubcategories(rows: { categoryId: number; name: string; description: string }[]): Promise<unknown>;
}

export async function seedCategoryTree(seeds: readonly CategorySeed[], tables: CategoryTables): Promise<CategoryTree> {
  const categories = await ensureKeyed(
    seeds.map((c) => c.name),
    () => tables.loadCategories(),
    (missing) => tables.insertCategories(seeds.filter((c) => missing.has(c.name)).map(({ name, description }) => ({ name, description }))),
  );
  const wanted = seeds.flatMap((c) =>
    c.subcategories.map((sub) => ({ categoryId: need(categories, c.name), path: `${c.name}/${sub.name}`, ...sub })),
  );
  const byCategoryId = await ensureKeyed(
    wanted.map((w) => `${w.categoryId}/${w.name}`),
    async () => (await tables.loadSubcategories()).map((row) => ({ id: row.id, key: `${row.categoryId}/${row.name}` })),
    (missing) =>
      tables.insertSubcategories(
        wanted
          .filter((w) => missing.has(`${w.categoryId}/${w.name}`))
          .map(({ categoryId, name, description }) => ({ categoryId, name, description })),
      ),
  );
  const subcategories = new Map(wanted.map((w) => [w.path, need(byCategoryId, `${w.categoryId}/${w.name}`)]));
  return { categories, subcategories };
}
