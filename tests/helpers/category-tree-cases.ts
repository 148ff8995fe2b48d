// Each function adds its `it` cases where called, so a test file keeps its own order.
import { expect, it } from "vitest";
import { eq, getTableName } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { getDb } from "@/db/client";
import type { CountKey } from "@/lib/schemas/category-tree";
import { cachedCatalog } from "@/lib/services/catalog-cache";
import { call, cookieFor, type Role } from "./api";
import { admin, catParams, subParams, type CategoryTree, type Envelope } from "./category-tree";
import { withDeleteTrigger } from "./delete-trigger";

async function rowsWhere(column: PgColumn, value: number | string) {
  return (await getDb()).select().from(column.table).where(eq(column, value));
}

export interface AccessFixtures {
  category: () => Promise<number>;
  parent: () => Promise<number>;
  subcategory: () => Promise<number>;
  subcategoriesOf: () => Promise<number>;
  renamed: (role: Role) => Record<string, unknown>;
  search: { categories: string; subcategories: string };
}

export function accessMatrixCases<K extends CountKey>(tree: CategoryTree<K>, fx: AccessFixtures) {
  const { base, routes, createCategory, createSubcategory } = tree;
  const roles: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  const rows: { name: string; ok: number; run: (cookie: string | undefined, role: Role) => Promise<number> }[] = [
    { name: `GET ${base}/categories`, ok: 200, run: async (cookie) => (await call(routes.categories.GET, { cookie })).status },
    {
      name: `POST ${base}/categories`,
      ok: 201,
      run: async (cookie, role) =>
        (await call(routes.categories.POST, { method: "POST", body: { name: `Access ${role}` }, cookie })).status,
    },
    {
      name: `GET ${base}/categories/{categoryId}`,
      ok: 200,
      run: async (cookie) => (await call(routes.category.GET, { params: catParams(await fx.category()), cookie })).status,
    },
    {
      name: `PUT ${base}/categories/{categoryId}`,
      ok: 200,
      run: async (cookie, role) => {
        const { id } = (await createCategory({ name: `Put target ${role}` })).body;
        return (await call(routes.category.PUT, { method: "PUT", params: catParams(id), body: fx.renamed(role), cookie })).status;
      },
    },
    {
      name: `DELETE ${base}/categories/{categoryId}`,
      ok: 200,
      run: async (cookie, role) => {
        const { id } = (await createCategory({ name: `Delete target ${role}` })).body;
        return (await call(routes.category.DELETE, { method: "DELETE", params: catParams(id), cookie })).status;
      },
    },
    {
      name: `GET ${base}/categories/search`,
      ok: 200,
      run: async (cookie) =>
        (await call(routes.categorySearch.GET, { path: `${base}/categories/search?name=${fx.search.categories}`, cookie })).status,
    },
    { name: `GET ${base}/subcategories`, ok: 200, run: async (cookie) => (await call(routes.subcategories.GET, { cookie })).status },
    {
      name: `POST ${base}/subcategories`,
      ok: 201,
      run: async (cookie, role) => {
        const categoryId = await fx.parent();
        return (await call(routes.subcategories.POST, { method: "POST", body: { categoryId, name: `Access ${role}` }, cookie })).status;
      },
    },
    {
      name: `GET ${base}/subcategories/{subcategoryId}`,
      ok: 200,
      run: async (cookie) => (await call(routes.subcategory.GET, { params: subParams(await fx.subcategory()), cookie })).status,
    },
    {
      name: `PUT ${base}/subcategories/{subcategoryId}`,
      ok: 200,
      run: async (cookie, role) => {
        const categoryId = await fx.parent();
        const { id } = (await createSubcategory({ categoryId, name: `Put target ${role}` })).body;
        const body = { categoryId, ...fx.renamed(role) };
        return (await call(routes.subcategory.PUT, { method: "PUT", params: subParams(id), body, cookie })).status;
      },
    },
    {
      name: `DELETE ${base}/subcategories/{subcategoryId}`,
      ok: 200,
      run: async (cookie, role) => {
        const categoryId = await fx.parent();
        const { id } = (await createSubcategory({ categoryId, name: `Delete target ${role}` })).body;
        return (await call(routes.subcategory.DELETE, { method: "DELETE", params: subParams(id), cookie })).status;
      },
    },
    {
      name: `GET ${base}/subcategories/search`,
      ok: 200,
      run: async (cookie) =>
        (await call(routes.subcategorySearch.GET, { path: `${base}/subcategories/search?name=${fx.search.subcategories}`, cookie })).status,
    },
    {
      name: `GET ${base}/subcategories/category/{categoryId}`,
      ok: 200,
      run: async (cookie) => (await call(routes.subcategoriesOf.GET, { params: catParams(await fx.subcategoriesOf()), cookie })).status,
    },
  ];
  for (const r of rows) {
    for (const { role, status } of roles) {
      const expected = role === "admin" ? r.ok : status;
      it(`${r.name} – ${role} → ${expected}`, async () => {
        expect(await r.run(await cookieFor(role), role)).toBe(expected);
      });
    }
  }
}

export type BadBody = { title: string; body: unknown; field: string; message: string };

export function createCategoryRejectsCases<K extends CountKey>(tree: CategoryTree<K>, bad: BadBody[]) {
  for (const row of bad) {
    it(`POST ${tree.base}/categories – ${row.title} → 422 with field message`, async () => {
      const before = (await tree.listCategories()).length;
      const res = await call<Envelope>(tree.routes.categories.POST, { method: "POST", body: row.body, cookie: await admin() });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect((await tree.listCategories()).length).toBe(before);
    });
  }
}

export function unknownCategoryCase<K extends CountKey>(tree: CategoryTree<K>, malformed: string[]) {
  const { category } = tree.routes;
  it(`GET/PUT/DELETE ${tree.base}/categories/{categoryId} – unknown id → 404 Category not found; malformed id → 404`, async () => {
    const cookie = await admin();
    for (const res of [
      await call<Envelope>(category.GET, { params: catParams(999999), cookie }),
      await call<Envelope>(category.PUT, { method: "PUT", params: catParams(999999), body: { name: "x" }, cookie }),
      await call<Envelope>(category.DELETE, { method: "DELETE", params: catParams(999999), cookie }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Category not found");
    }
    for (const id of malformed) expect((await call(category.GET, { params: catParams(id), cookie })).status).toBe(404);
  });
}

export function deletesCategoryCase<K extends CountKey>(tree: CategoryTree<K>, title: string) {
  const { category } = tree.routes;
  it(`DELETE ${tree.base}/categories/{categoryId} – ${title}`, async () => {
    const { id } = (await tree.createCategory({ name: "Doomed" })).body;
    const res = await call(category.DELETE, { method: "DELETE", params: catParams(id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: true });
    expect((await call(category.GET, { params: catParams(id), cookie: await admin() })).status).toBe(404);
  });
}

export type DeleteRace = { title: string; insert: string; message: string };

export function deleteCategoryRaceCases<K extends CountKey>(
  tree: CategoryTree<K>,
  races: DeleteRace[],
  idColumn: PgColumn,
  referring: PgColumn[],
) {
  const { category } = tree.routes;
  for (const race of races) {
    it(`DELETE ${tree.base}/categories/{categoryId} – ${race.title} (FK violation) → the same 409, nothing deleted`, async () => {
      const { id } = (await tree.createCategory({ name: "Race category" })).body;
      await withDeleteTrigger(getTableName(idColumn.table), "Race category", race.insert, async () => {
        const res = await call<Envelope>(category.DELETE, { method: "DELETE", params: catParams(id), cookie: await admin() });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(race.message);
      });
      expect(await rowsWhere(idColumn, id)).toHaveLength(1);
      for (const column of referring) expect(await rowsWhere(column, id)).toHaveLength(0);
      await call(category.DELETE, { method: "DELETE", params: catParams(id), cookie: await admin() });
    });
  }
}

export function deletesEmptiedCategoryCase<K extends CountKey>(tree: CategoryTree<K>) {
  const { category, subcategory } = tree.routes;
  it(`DELETE ${tree.base}/categories/{categoryId} – succeeds once its subcategories are deleted`, async () => {
    const { id: categoryId } = (await tree.createCategory({ name: "Emptied" })).body;
    const { id } = (await tree.createSubcategory({ categoryId, name: "Only child" })).body;
    expect((await call(category.DELETE, { method: "DELETE", params: catParams(categoryId), cookie: await admin() })).status).toBe(409);
    expect((await call(subcategory.DELETE, { method: "DELETE", params: subParams(id), cookie: await admin() })).status).toBe(200);
    expect((await call(category.DELETE, { method: "DELETE", params: catParams(categoryId), cookie: await admin() })).status).toBe(200);
  });
}

export function searchAllCategoriesCase<K extends CountKey>(tree: CategoryTree<K>) {
  const { base, routes } = tree;
  it(`GET ${base}/categories/search – no name lists everything; 256 characters → 422`, async () => {
    const all = await call<{ id: number }[]>(routes.categorySearch.GET, { path: `${base}/categories/search`, cookie: await admin() });
    expect(all.body.map((c) => c.id)).toEqual((await tree.listCategories()).map((c) => c.id));
    const tooLong = await call<Envelope>(routes.categorySearch.GET, {
      path: `${base}/categories/search?name=${"q".repeat(256)}`,
      cookie: await admin(),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors?.name).toBe("Name must be at most 255 characters");
  });
}

export function catalogueCacheCase<K extends CountKey>(tree: CategoryTree<K>, what: string, cacheKey: string) {
  const { category, subcategory } = tree.routes;
  it(`POST/PUT/DELETE on ${what} – every write invalidates the catalogue cache`, async () => {
    let loads = 0;
    const read = () => cachedCatalog(cacheKey, async () => ++loads);
    const cookie = await admin();
    let categoryId = 0;
    let subcategoryId = 0;
    const writes: (() => Promise<{ status: number }>)[] = [
      async () => {
        const res = await tree.createCategory({ name: "Cache probe" });
        categoryId = res.body.id;
        return res;
      },
      () => call(category.PUT, { method: "PUT", params: catParams(categoryId), body: { name: "Cache probe 2" }, cookie }),
      async () => {
        const res = await tree.createSubcategory({ categoryId, name: "Cache child" });
        subcategoryId = res.body.id;
        return res;
      },
      () => call(subcategory.PUT, { method: "PUT", params: subParams(subcategoryId), body: { categoryId, name: "Cache child 2" }, cookie }),
      () => call(subcategory.DELETE, { method: "DELETE", params: subParams(subcategoryId), cookie }),
      () => call(category.DELETE, { method: "DELETE", params: catParams(categoryId), cookie }),
    ];
    await read();
    for (const [i, write] of writes.entries()) {
      expect(await read()).toBe(i + 1); // still cached
      expect((await write()).status).toBeLessThan(300);
      expect(await read()).toBe(i + 2); // reloaded after the write
    }
  });
}

export function createSubcategoryUnknownCategoryCase<K extends CountKey>(tree: CategoryTree<K>, title: string, nameColumn: PgColumn) {
  it(`POST ${tree.base}/subcategories – ${title}`, async () => {
    const res = await call<Envelope>(tree.routes.subcategories.POST, {
      method: "POST",
      body: { categoryId: 999999, name: "Orphan" },
      cookie: await admin(),
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: "Validation failed", errors: { categoryId: "This entry does not exist" } });
    expect(await rowsWhere(nameColumn, "Orphan")).toHaveLength(0);
  });
}

export function unknownSubcategoryCase<K extends CountKey>(tree: CategoryTree<K>, categoryName: string) {
  const { subcategory } = tree.routes;
  it(`GET/PUT/DELETE ${tree.base}/subcategories/{subcategoryId} – unknown id → 404 Subcategory not found`, async () => {
    const cookie = await admin();
    const categoryId = (await tree.seedCategory(categoryName)).id;
    for (const res of [
      await call<Envelope>(subcategory.GET, { params: subParams(999999), cookie }),
      await call<Envelope>(subcategory.PUT, { method: "PUT", params: subParams(999999), body: { categoryId, name: "x" }, cookie }),
      await call<Envelope>(subcategory.DELETE, { method: "DELETE", params: subParams(999999), cookie }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Subcategory not found");
    }
    expect((await call(subcategory.GET, { params: subParams("1.5"), cookie })).status).toBe(404);
  });
}

export function deletesSubcategoryCase<K extends CountKey>(tree: CategoryTree<K>, categoryName: string) {
  const { subcategory } = tree.routes;
  it(`DELETE ${tree.base}/subcategories/{subcategoryId} – deletes an unused subcategory`, async () => {
    const { id: categoryId } = await tree.seedCategory(categoryName);
    const { id } = (await tree.createSubcategory({ categoryId, name: "Short-lived" })).body;
    const res = await call(subcategory.DELETE, { method: "DELETE", params: subParams(id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: true });
    expect((await call(subcategory.GET, { params: subParams(id), cookie: await admin() })).status).toBe(404);
  });
}

export function deleteSubcategoryRaceCase<K extends CountKey>(
  tree: CategoryTree<K>,
  race: { child: string; table: string; insert: string; message: string; late: [PgColumn, string] },
) {
  const { subcategory } = tree.routes;
  it(`DELETE ${tree.base}/subcategories/{subcategoryId} – ${race.child} added past the check (FK violation) → the same 409`, async () => {
    const { id: categoryId } = (await tree.createCategory({ name: "Race parent" })).body;
    const { id } = (await tree.createSubcategory({ categoryId, name: "Race subcategory" })).body;
    await withDeleteTrigger(race.table, "Race subcategory", race.insert, async () => {
      const res = await call<Envelope>(subcategory.DELETE, { method: "DELETE", params: subParams(id), cookie: await admin() });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(race.message);
    });
    expect(await rowsWhere(...race.late)).toHaveLength(0);
    expect((await call(subcategory.GET, { params: subParams(id), cookie: await admin() })).status).toBe(200);
  });
}

export function listsSubcategoriesCase<K extends CountKey>(
  tree: CategoryTree<K>,
  names: string[],
  probe: [string, Record<string, unknown>],
) {
  it(`GET ${tree.base}/subcategories – every subcategory with its category name, sorted by name`, async () => {
    const res = await call<{ name: string }[]>(tree.routes.subcategories.GET, { cookie: await admin() });
    expect(res.status).toBe(200);
    const listed = res.body.map((s) => s.name);
    expect(listed).toEqual(expect.arrayContaining(names));
    expect(listed).toEqual([...listed].sort(new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare));
    expect(res.body.find((s) => s.name === probe[0])).toMatchObject(probe[1]);
  });
}

export function unknownCategoryOfSubcategoriesCase<K extends CountKey>(tree: CategoryTree<K>) {
  it(`GET ${tree.base}/subcategories/category/{categoryId} – unknown category → 404 Category not found`, async () => {
    const res = await call<Envelope>(tree.routes.subcategoriesOf.GET, { params: catParams(999999), cookie: await admin() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Category not found");
  });
}
