import { describe, expect, it } from "vitest";
import * as subcategories from "@/app/api/admin/articles/subcategories/route";
import * as subcategory from "@/app/api/admin/articles/subcategories/[subcategoryId]/route";
import * as subcategorySearch from "@/app/api/admin/articles/subcategories/search/route";
import * as subcategoriesOf from "@/app/api/admin/articles/subcategories/category/[categoryId]/route";
import { call } from "../helpers/api";
import { articleSubcategories, articles } from "@/db/schema";
import type { SubcategoryDto } from "@/lib/schemas/article-categories";
import {
  admin,
  articleTree,
  catParams,
  createCategory,
  createSubcategory,
  insertArticle,
  seedCategory,
  seedSubcategory,
  subParams,
  type Envelope,
} from "../helpers/admin-article-categories";
import {
  createSubcategoryUnknownCategoryCase,
  deleteSubcategoryRaceCase,
  deletesEmptiedCategoryCase,
  deletesSubcategoryCase,
  listsSubcategoriesCase,
  unknownCategoryOfSubcategoriesCase,
  unknownSubcategoryCase,
} from "../helpers/category-tree-cases";

describe("POST /api/admin/articles/subcategories", () => {
  it("POST /api/admin/articles/subcategories – creates a subcategory in its category (201)", async () => {
    const shirts = await seedCategory("T-Shirts");
    const res = await createSubcategory({ categoryId: shirts.id, name: " Long sleeve ", description: "Warm" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      categoryId: shirts.id,
      categoryName: "T-Shirts",
      name: "Long sleeve",
      description: "Warm",
      articleCount: 0,
    });
    const after = await seedCategory("T-Shirts");
    expect(after.subcategoryCount).toBe(shirts.subcategoryCount + 1);
    expect(after.subcategories.some((s) => s.id === res.body.id)).toBe(true);
  });

  it("POST /api/admin/articles/subcategories – a name of exactly 255 characters is accepted", async () => {
    const { id: categoryId } = (await createCategory({ name: "Long names" })).body;
    const res = await createSubcategory({ categoryId, name: "s".repeat(255) });
    expect(res.status).toBe(201);
    expect(res.body.name).toHaveLength(255);
  });

  const bad: { title: string; body: (categoryId: number) => unknown; field: string; message: string }[] = [
    { title: "categoryId missing", body: () => ({ name: "A" }), field: "categoryId", message: "Please choose a category" },
    { title: "categoryId null", body: () => ({ name: "A", categoryId: null }), field: "categoryId", message: "Please choose a category" },
    {
      title: "categoryId a string",
      body: (c) => ({ name: "A", categoryId: String(c) }),
      field: "categoryId",
      message: "Please choose a category",
    },
    { title: "categoryId zero", body: () => ({ name: "A", categoryId: 0 }), field: "categoryId", message: "Please choose a category" },
    { title: "name missing", body: (c) => ({ categoryId: c }), field: "name", message: "Name is required" },
    { title: "name blank", body: (c) => ({ categoryId: c, name: "  " }), field: "name", message: "Name is required" },
    {
      title: "name 256 characters",
      body: (c) => ({ categoryId: c, name: "x".repeat(256) }),
      field: "name",
      message: "Name must be at most 255 characters",
    },
    {
      title: "description too long",
      body: (c) => ({ categoryId: c, name: "A", description: "d".repeat(1001) }),
      field: "description",
      message: "Description must be at most 1000 characters",
    },
  ];
  for (const row of bad) {
    it(`POST /api/admin/articles/subcategories – ${row.title} → 422 with field message`, async () => {
      const mugs = await seedCategory("Mugs");
      const res = await call<Envelope>(subcategories.POST, { method: "POST", body: row.body(mugs.id), cookie: await admin() });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect((await seedCategory("Mugs")).subcategoryCount).toBe(mugs.subcategoryCount);
    });
  }

  createSubcategoryUnknownCategoryCase(articleTree, "unknown categoryId → 422 field error, not 500", articleSubcategories.name);
});

describe("GET/PUT/DELETE /api/admin/articles/subcategories/{subcategoryId}", () => {
  it("GET /api/admin/articles/subcategories/{subcategoryId} – one subcategory with its category and article count", async () => {
    const ceramic = await seedSubcategory("Mugs", "Ceramic mugs");
    const res = await call<SubcategoryDto>(subcategory.GET, { params: subParams(ceramic.id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ceramic);
  });

  it("PUT /api/admin/articles/subcategories/{subcategoryId} – renames a used subcategory within its category", async () => {
    const ceramic = await seedSubcategory("Mugs", "Ceramic mugs");
    const res = await call<SubcategoryDto>(subcategory.PUT, {
      method: "PUT",
      params: subParams(ceramic.id),
      body: { categoryId: ceramic.categoryId, name: "Ceramic mugs", description: "Renamed description" },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ceramic.id,
      name: "Ceramic mugs",
      description: "Renamed description",
      articleCount: ceramic.articleCount,
    });
  });

  it("PUT /api/admin/articles/subcategories/{subcategoryId} – moves an unused subcategory to another category", async () => {
    const enamel = await seedSubcategory("Mugs", "Enamel mugs");
    const shirts = await seedCategory("T-Shirts");
    const res = await call<SubcategoryDto>(subcategory.PUT, {
      method: "PUT",
      params: subParams(enamel.id),
      body: { categoryId: shirts.id, name: "Enamel prints" },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ categoryId: shirts.id, categoryName: "T-Shirts", name: "Enamel prints", description: null });
    expect((await seedCategory("T-Shirts")).subcategories.some((s) => s.id === enamel.id)).toBe(true);
    expect((await seedCategory("Mugs")).subcategories.some((s) => s.id === enamel.id)).toBe(false);
    // and back, so the other tests see the seed's tree
    await call(subcategory.PUT, {
      method: "PUT",
      params: subParams(enamel.id),
      body: { categoryId: enamel.categoryId, name: enamel.name, description: enamel.description },
      cookie: await admin(),
    });
  });

  it("PUT /api/admin/articles/subcategories/{subcategoryId} – moving a subcategory that articles use → 409, nothing changes", async () => {
    const ceramic = await seedSubcategory("Mugs", "Ceramic mugs");
    const shirts = await seedCategory("T-Shirts");
    const res = await call<Envelope>(subcategory.PUT, {
      method: "PUT",
      params: subParams(ceramic.id),
      body: { categoryId: shirts.id, name: "Moved mugs" },
      cookie: await admin(),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Cannot move a subcategory with associated articles to another category");
    expect(await seedSubcategory("Mugs", "Ceramic mugs")).toMatchObject({ id: ceramic.id, categoryId: ceramic.categoryId });
  });

  const badPut: { title: string; body: (categoryId: number) => unknown; field: string; message: string }[] = [
    { title: "categoryId missing", body: () => ({ name: "A" }), field: "categoryId", message: "Please choose a category" },
    { title: "name missing", body: (c) => ({ categoryId: c }), field: "name", message: "Name is required" },
    { title: "name blank", body: (c) => ({ categoryId: c, name: "" }), field: "name", message: "Name is required" },
    {
      title: "name 256 characters",
      body: (c) => ({ categoryId: c, name: "x".repeat(256) }),
      field: "name",
      message: "Name must be at most 255 characters",
    },
  ];
  for (const row of badPut) {
    it(`PUT /api/admin/articles/subcategories/{subcategoryId} – ${row.title} → 422 with field message`, async () => {
      const enamel = await seedSubcategory("Mugs", "Enamel mugs");
      const res = await call<Envelope>(subcategory.PUT, {
        method: "PUT",
        params: subParams(enamel.id),
        body: row.body(enamel.categoryId),
        cookie: await admin(),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors?.[row.field]).toBe(row.message);
    });
  }

  it("PUT /api/admin/articles/subcategories/{subcategoryId} – unknown categoryId → 422 field error", async () => {
    const enamel = await seedSubcategory("Mugs", "Enamel mugs");
    const res = await call<Envelope>(subcategory.PUT, {
      method: "PUT",
      params: subParams(enamel.id),
      body: { categoryId: 999999, name: "X" },
      cookie: await admin(),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ categoryId: "This entry does not exist" });
    expect((await seedSubcategory("Mugs", "Enamel mugs")).name).toBe("Enamel mugs");
  });

  unknownSubcategoryCase(articleTree, "Mugs");
  deletesSubcategoryCase(articleTree, "T-Shirts");

  it("DELETE /api/admin/articles/subcategories/{subcategoryId} – used by the sample mug → 409 Cannot delete subcategory with associated articles", async () => {
    const ceramic = await seedSubcategory("Mugs", "Ceramic mugs");
    const res = await call<Envelope>(subcategory.DELETE, { method: "DELETE", params: subParams(ceramic.id), cookie: await admin() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Cannot delete subcategory with associated articles");
    expect((await call(subcategory.GET, { params: subParams(ceramic.id), cookie: await admin() })).status).toBe(200);
  });

  it("DELETE /api/admin/articles/subcategories/{subcategoryId} – used by an inserted article → 409, also in German", async () => {
    const { id: categoryId } = (await createCategory({ name: "With used child" })).body;
    const { id } = (await createSubcategory({ categoryId, name: "Used child" })).body;
    await insertArticle(categoryId, id);
    const res = await call<Envelope>(subcategory.DELETE, {
      method: "DELETE",
      params: subParams(id),
      cookie: `${await admin()}; NEXT_LOCALE=de`,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Unterkategorie mit zugeordneten Artikeln kann nicht gelöscht werden");
  });

  deleteSubcategoryRaceCase(articleTree, {
    child: "an article",
    table: "article_subcategories",
    insert: "INSERT INTO articles (type, name, category_id, subcategory_id) VALUES ('MUG', 'Late article', OLD.category_id, OLD.id)",
    message: "Cannot delete subcategory with associated articles",
    late: [articles.name, "Late article"],
  });
  deletesEmptiedCategoryCase(articleTree);
});

describe("GET /api/admin/articles/subcategories, …/search and …/category/{categoryId}", () => {
  listsSubcategoriesCase(articleTree, ["Ceramic mugs", "Enamel mugs", "Unisex", "Kids"], ["Kids", { categoryName: "T-Shirts" }]);

  it("GET /api/admin/articles/subcategories/search – case-insensitive substring, % and _ literal", async () => {
    const search = async (name: string) =>
      (
        await call<SubcategoryDto[]>(subcategorySearch.GET, {
          path: `/api/admin/articles/subcategories/search?name=${encodeURIComponent(name)}`,
          cookie: await admin(),
        })
      ).body;
    expect((await search("MUGS")).map((s) => s.name)).toEqual(["Ceramic mugs", "Enamel mugs"]);
    expect((await search("nis")).map((s) => s.name)).toEqual(["Unisex"]);
    await createSubcategory({ categoryId: (await seedCategory("Mugs")).id, name: "50% off" });
    expect((await search("%")).map((s) => s.name)).toEqual(["50% off"]);
    expect(await search("_")).toEqual([]);
  });

  it("GET /api/admin/articles/subcategories/category/{categoryId} – the category's subcategories by name; none → []", async () => {
    const mugs = await seedCategory("Mugs");
    const res = await call<SubcategoryDto[]>(subcategoriesOf.GET, { params: catParams(mugs.id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body.every((s) => s.categoryId === mugs.id)).toBe(true);
    expect(res.body.map((s) => s.id)).toEqual(mugs.subcategories.map((s) => s.id));
    const { id: empty } = (await createCategory({ name: "No children" })).body;
    expect((await call(subcategoriesOf.GET, { params: catParams(empty), cookie: await admin() })).body).toEqual([]);
  });

  unknownCategoryOfSubcategoriesCase(articleTree);
});
