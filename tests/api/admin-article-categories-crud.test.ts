import { describe, expect, it } from "vitest";
import * as categories from "@/app/api/admin/articles/categories/route";
import * as category from "@/app/api/admin/articles/categories/[categoryId]/route";
import * as categorySearch from "@/app/api/admin/articles/categories/search/route";
import { call } from "../helpers/api";
import { articleCategories, articleSubcategories, articles } from "@/db/schema";
import type { CategoryDto } from "@/lib/schemas/article-categories";
import {
  admin,
  articleTree,
  catParams,
  createCategory,
  createSubcategory,
  insertArticle,
  listCategories,
  seedCategory,
  seedSubcategory,
  type Envelope,
} from "../helpers/admin-article-categories";
import {
  accessMatrixCases,
  catalogueCacheCase,
  createCategoryRejectsCases,
  deleteCategoryRaceCases,
  deletesCategoryCase,
  searchAllCategoriesCase,
  unknownCategoryCase,
  type BadBody,
} from "../helpers/category-tree-cases";

describe("access matrix for /api/admin/articles/categories and /subcategories", () => {
  accessMatrixCases(articleTree, {
    category: async () => (await seedCategory("Mugs")).id,
    parent: async () => (await seedCategory("T-Shirts")).id,
    subcategory: async () => (await seedSubcategory("Mugs", "Ceramic mugs")).id,
    subcategoriesOf: async () => (await seedCategory("Mugs")).id,
    renamed: (role) => ({ name: `Renamed ${role}` }),
    search: { categories: "mug", subcategories: "mug" },
  });
  it("GET /api/admin/articles/categories – anonymous answer carries the spec's message", async () => {
    expect((await call(categories.GET)).body).toMatchObject({ message: "Authentication required" });
  });
});

describe("GET /api/admin/articles/categories", () => {
  it("GET /api/admin/articles/categories – lists categories with nested subcategories and counts", async () => {
    const list = await listCategories();
    const mugs = list.find((c) => c.name === "Mugs");
    expect(mugs).toMatchObject({ description: "Printable mugs and cups", subcategoryCount: 2 });
    expect(mugs?.articleCount).toBeGreaterThanOrEqual(1);
    expect(mugs?.subcategories.map((s) => s.name)).toEqual(["Ceramic mugs", "Enamel mugs"]);
    const ceramic = mugs?.subcategories.find((s) => s.name === "Ceramic mugs");
    expect(ceramic).toMatchObject({ categoryId: mugs?.id, categoryName: "Mugs" });
    expect(ceramic?.articleCount).toBeGreaterThanOrEqual(1);
    expect(mugs?.subcategories.find((s) => s.name === "Enamel mugs")?.articleCount).toBe(0);
  });

  it("GET /api/admin/articles/categories – sorted by name with collation (umlauts and case do not sort last)", async () => {
    for (const name of ["Zubehör", "Ärmel", "armbänder", "Becher"]) await createCategory({ name });
    const names = (await listCategories()).map((c) => c.name);
    const at = (n: string) => names.indexOf(n);
    expect(at("Ärmel")).toBeLessThan(at("Becher"));
    expect(at("armbänder")).toBeLessThan(at("Becher"));
    expect(at("armbänder")).toBeLessThan(at("Ärmel"));
    expect(at("Becher")).toBeLessThan(at("Mugs"));
    expect(at("T-Shirts")).toBeLessThan(at("Zubehör"));
    expect(names).toEqual([...names].sort(new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare));
  });
});

describe("POST /api/admin/articles/categories", () => {
  it("POST /api/admin/articles/categories – creates a category (name trimmed, empty description null) and answers 201", async () => {
    const res = await createCategory({ name: "  Bottles  ", description: "" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Bottles", description: null, articleCount: 0, subcategoryCount: 0, subcategories: [] });
    expect((await listCategories()).some((c) => c.id === res.body.id)).toBe(true);
  });

  it("POST /api/admin/articles/categories – a name of exactly 255 characters is accepted", async () => {
    const name = "n".repeat(255);
    const res = await createCategory({ name, description: "Long" });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(name);
  });

  const bad: BadBody[] = [
    { title: "name missing", body: { description: "x" }, field: "name", message: "Name is required" },
    { title: "name empty", body: { name: "" }, field: "name", message: "Name is required" },
    { title: "name blank", body: { name: "   " }, field: "name", message: "Name is required" },
    { title: "name null", body: { name: null }, field: "name", message: "Name is required" },
    { title: "name 256 characters", body: { name: "x".repeat(256) }, field: "name", message: "Name must be at most 255 characters" },
    { title: "name a number", body: { name: 5 }, field: "name", message: "Name is required" },
    {
      title: "description too long",
      body: { name: "A", description: "d".repeat(1001) },
      field: "description",
      message: "Description must be at most 1000 characters",
    },
    { title: "description not text", body: { name: "A", description: 3 }, field: "description", message: "Invalid value" },
  ];
  createCategoryRejectsCases(articleTree, bad);

  it("POST /api/admin/articles/categories – answers in German for a German caller", async () => {
    const res = await call<Envelope>(categories.POST, {
      method: "POST",
      body: { name: "x".repeat(256) },
      cookie: `${await admin()}; NEXT_LOCALE=de`,
    });
    expect(res.body.errors?.name).toBe("Der Name darf höchstens 255 Zeichen lang sein");
  });

  it("POST /api/admin/articles/categories – malformed JSON → 400, never 500", async () => {
    const res = await call(categories.POST, { method: "POST", body: "{name:", cookie: await admin() });
    expect(res.status).toBe(400);
  });
});

describe("GET/PUT/DELETE /api/admin/articles/categories/{categoryId}", () => {
  it("GET /api/admin/articles/categories/{categoryId} – one category with its subcategories", async () => {
    const mugs = await seedCategory("Mugs");
    const res = await call<CategoryDto>(category.GET, { params: catParams(mugs.id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(mugs);
  });

  it("PUT /api/admin/articles/categories/{categoryId} – replaces name and description", async () => {
    const { id } = (await createCategory({ name: "Old", description: "old" })).body;
    const res = await call<CategoryDto>(category.PUT, {
      method: "PUT",
      params: catParams(id),
      body: { name: " New ", description: "new" },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: "New", description: "new" });
    const cleared = await call<CategoryDto>(category.PUT, {
      method: "PUT",
      params: catParams(id),
      body: { name: "New" },
      cookie: await admin(),
    });
    expect(cleared.body.description).toBeNull();
  });

  const badPut: { title: string; body: unknown; field: string; message: string }[] = [
    { title: "name missing", body: {}, field: "name", message: "Name is required" },
    { title: "name blank", body: { name: " \t " }, field: "name", message: "Name is required" },
    { title: "name 256 characters", body: { name: "y".repeat(256) }, field: "name", message: "Name must be at most 255 characters" },
  ];
  for (const row of badPut) {
    it(`PUT /api/admin/articles/categories/{categoryId} – ${row.title} → 422 and nothing changes`, async () => {
      const mugs = await seedCategory("Mugs");
      const res = await call<Envelope>(category.PUT, { method: "PUT", params: catParams(mugs.id), body: row.body, cookie: await admin() });
      expect(res.status).toBe(422);
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect((await seedCategory("Mugs")).name).toBe("Mugs");
    });
  }

  it("PUT /api/admin/articles/categories/{categoryId} – 255 characters accepted", async () => {
    const { id } = (await createCategory({ name: "Short" })).body;
    const res = await call<CategoryDto>(category.PUT, {
      method: "PUT",
      params: catParams(id),
      body: { name: "z".repeat(255) },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toHaveLength(255);
  });

  unknownCategoryCase(articleTree, ["abc", "0"]);
  deletesCategoryCase(articleTree, "deletes a category without subcategories or articles");

  it("DELETE /api/admin/articles/categories/{categoryId} – with subcategories → 409 with the spec's message, and it stays", async () => {
    const mugs = await seedCategory("Mugs");
    const res = await call<Envelope>(category.DELETE, { method: "DELETE", params: catParams(mugs.id), cookie: await admin() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Cannot delete category with subcategories. Please delete all subcategories first.");
    expect((await seedCategory("Mugs")).subcategoryCount).toBe(2);
  });

  it("DELETE /api/admin/articles/categories/{categoryId} – with subcategories but no articles → 409 (subcategories first)", async () => {
    const { id } = (await createCategory({ name: "Has child" })).body;
    await createSubcategory({ categoryId: id, name: "Child" });
    const res = await call<Envelope>(category.DELETE, {
      method: "DELETE",
      params: catParams(id),
      cookie: `${await admin()}; NEXT_LOCALE=de`,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Kategorie mit Unterkategorien kann nicht gelöscht werden. Bitte zuerst alle Unterkategorien löschen.");
  });

  it("DELETE /api/admin/articles/categories/{categoryId} – no subcategories but used by articles → 409 Cannot delete category with associated articles", async () => {
    const { id } = (await createCategory({ name: "Used directly" })).body;
    await insertArticle(id);
    const res = await call<Envelope>(category.DELETE, { method: "DELETE", params: catParams(id), cookie: await admin() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Cannot delete category with associated articles");
    expect((await call(category.GET, { params: catParams(id), cookie: await admin() })).status).toBe(200);
  });

  deleteCategoryRaceCases(
    articleTree,
    [
      {
        title: "a subcategory added past the check",
        insert: "INSERT INTO article_subcategories (category_id, name) VALUES (OLD.id, 'Late child')",
        message: "Cannot delete category with subcategories. Please delete all subcategories first.",
      },
      {
        title: "an article added past the check",
        insert: "INSERT INTO articles (type, name, category_id) VALUES ('MUG', 'Late article', OLD.id)",
        message: "Cannot delete category with associated articles",
      },
    ],
    articleCategories.id,
    [articleSubcategories.categoryId, articles.categoryId],
  );
});

describe("GET /api/admin/articles/categories/search", () => {
  const search = async (name: string) =>
    call<CategoryDto[]>(categorySearch.GET, {
      path: `/api/admin/articles/categories/search?name=${encodeURIComponent(name)}`,
      cookie: await admin(),
    });

  it("GET /api/admin/articles/categories/search – case-insensitive substring", async () => {
    const res = await search("UG");
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.name)).toEqual(["Mugs"]);
    expect(res.body[0]?.subcategories.map((s) => s.name)).toEqual(["Ceramic mugs", "Enamel mugs"]);
    expect((await search("shirt")).body.map((c) => c.name)).toEqual(["T-Shirts"]);
    expect((await search("nothing like this")).body).toEqual([]);
  });

  it("GET /api/admin/articles/categories/search – % and _ are searched literally", async () => {
    await createCategory({ name: "100% cotton" });
    await createCategory({ name: "snake_case goods" });
    expect((await search("%")).body.map((c) => c.name)).toEqual(["100% cotton"]);
    expect((await search("_")).body.map((c) => c.name)).toEqual(["snake_case goods"]);
    expect((await search("e_c")).body.map((c) => c.name)).toEqual(["snake_case goods"]);
  });

  searchAllCategoriesCase(articleTree);
});

describe("catalogue cache", () => {
  catalogueCacheCase(articleTree, "categories and subcategories", "article-categories-test");
});
