import { describe, expect, it } from "vitest";
import * as categories from "@/app/api/admin/prompts/categories/route";
import * as category from "@/app/api/admin/prompts/categories/[categoryId]/route";
import * as categorySearch from "@/app/api/admin/prompts/categories/search/route";
import * as subcategory from "@/app/api/admin/prompts/subcategories/[subcategoryId]/route";
import * as publicPrompts from "@/app/api/prompts/route";
import { call } from "../helpers/api";
import { promptCategories, prompts } from "@/db/schema";
import type { PromptCategoryDto } from "@/lib/schemas/prompt-categories";
import {
  HAS_SUBCATEGORIES,
  LATE_PROMPT,
  admin,
  catParams,
  createCategory,
  insertPrompt,
  listCategories,
  promptTree,
  seedCategory,
  seedSubcategory,
  subParams,
  type Envelope,
} from "../helpers/admin-prompt-categories";
import {
  accessMatrixCases,
  catalogueCacheCase,
  createCategoryRejectsCases,
  deleteCategoryRaceCases,
  deletesCategoryCase,
  deletesEmptiedCategoryCase,
  searchAllCategoriesCase,
  unknownCategoryCase,
  type BadBody,
} from "../helpers/category-tree-cases";

/**
 * Prompt categories and subcategories: the same category tree service as the article
 * categories, with prompts as the children. Seed: "Art styles" (Drawing, Painting; prompts P-002…P-004)
 * and "Fun" (Retro; prompts P-001, P-005, P-006 and the archived P-007).
 */

describe("access matrix for /api/admin/prompts/categories and /subcategories", () => {
  /** The category the matrix files its subcategories under (the seed's tree stays as it is). */
  const parent = async () =>
    (await listCategories()).find((c) => c.name === "Access parent")?.id ?? (await createCategory({ name: "Access parent" })).body.id;
  accessMatrixCases(promptTree, {
    category: async () => (await seedCategory("Fun")).id,
    parent,
    subcategory: async () => (await seedSubcategory("Fun", "Retro")).id,
    subcategoriesOf: async () => (await seedCategory("Art styles")).id,
    renamed: (role) => ({ name: `Renamed ${role}`, nameDe: `Umbenannt ${role}` }),
    search: { categories: "art", subcategories: "retro" },
  });
});

describe("GET/POST /api/admin/prompts/categories", () => {
  it("GET /api/admin/prompts/categories – the seed's tree with prompt counts (archived prompts count), sorted by name", async () => {
    const list = await listCategories();
    const seeded = list.filter((c) => c.name === "Art styles" || c.name === "Fun");
    expect(seeded.map((c) => c.name)).toEqual(["Art styles", "Fun"]);
    expect(list.map((c) => c.name)).toEqual(
      [...list.map((c) => c.name)].sort(new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare),
    );
    const [art, fun] = seeded;
    expect(art).toMatchObject({ description: "Classic painting and drawing techniques", promptCount: 3, subcategoryCount: 2 });
    expect(art?.subcategories.map((s) => [s.name, s.promptCount, s.categoryName])).toEqual([
      ["Drawing", 1, "Art styles"],
      ["Painting", 1, "Art styles"],
    ]);
    expect(fun).toMatchObject({ promptCount: 4, subcategoryCount: 1 });
    expect(fun?.subcategories[0]).toMatchObject({ name: "Retro", promptCount: 2, categoryId: fun?.id });
    expect(art).not.toHaveProperty("articleCount");
  });

  it("POST /api/admin/prompts/categories – creates a category (name trimmed, empty description null) and answers 201", async () => {
    const res = await createCategory({ name: "  Seasons  ", description: "" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Seasons", description: null, promptCount: 0, subcategoryCount: 0, subcategories: [] });
    expect((await listCategories()).some((c) => c.id === res.body.id)).toBe(true);
  });

  it("POST /api/admin/prompts/categories – a name of exactly 255 characters is accepted", async () => {
    const res = await createCategory({ name: "n".repeat(255) });
    expect(res.status).toBe(201);
    expect(res.body.name).toHaveLength(255);
  });

  const bad: BadBody[] = [
    { title: "name missing", body: { description: "x" }, field: "name", message: "Name is required" },
    { title: "name blank", body: { name: "   " }, field: "name", message: "Name is required" },
    { title: "name null", body: { name: null }, field: "name", message: "Name is required" },
    { title: "name 256 characters", body: { name: "x".repeat(256) }, field: "name", message: "Name must be at most 255 characters" },
    {
      title: "description too long",
      body: { name: "A", description: "d".repeat(1001) },
      field: "description",
      message: "Description must be at most 1000 characters",
    },
    { title: "description not text", body: { name: "A", description: 3 }, field: "description", message: "Invalid value" },
  ];
  createCategoryRejectsCases(promptTree, bad);

  it("POST /api/admin/prompts/categories – answers in German for a German caller; malformed JSON → 400", async () => {
    const res = await call<Envelope>(categories.POST, {
      method: "POST",
      body: { name: "x".repeat(256) },
      cookie: `${await admin()}; NEXT_LOCALE=de`,
    });
    expect(res.body.errors?.name).toBe("Der Name darf höchstens 255 Zeichen lang sein");
    expect((await call(categories.POST, { method: "POST", body: "{name:", cookie: await admin() })).status).toBe(400);
  });
});

describe("GET/PUT/DELETE /api/admin/prompts/categories/{categoryId}", () => {
  it("GET /api/admin/prompts/categories/{categoryId} – one category with its subcategories", async () => {
    const art = await seedCategory("Art styles");
    const res = await call<PromptCategoryDto>(category.GET, { params: catParams(art.id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(art);
  });

  it("PUT /api/admin/prompts/categories/{categoryId} – replaces name and description; 256 characters → 422", async () => {
    const { id } = (await createCategory({ name: "Old", description: "old" })).body;
    const res = await call<PromptCategoryDto>(category.PUT, {
      method: "PUT",
      params: catParams(id),
      body: { name: " New " },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: "New", description: null });
    const tooLong = await call<Envelope>(category.PUT, {
      method: "PUT",
      params: catParams(id),
      body: { name: "y".repeat(256) },
      cookie: await admin(),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors?.name).toBe("Name must be at most 255 characters");
  });

  unknownCategoryCase(promptTree, ["abc"]);
  deletesCategoryCase(promptTree, "deletes an unused category");

  it("DELETE /api/admin/prompts/categories/{categoryId} – the seed's category with subcategories and prompts → 409 subcategories first", async () => {
    const fun = await seedCategory("Fun");
    const res = await call<Envelope>(category.DELETE, { method: "DELETE", params: catParams(fun.id), cookie: await admin() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(HAS_SUBCATEGORIES);
    expect(await seedCategory("Fun")).toEqual(fun);
  });

  const used: { title: string; archived: boolean; locale: "en" | "de"; message: string }[] = [
    { title: "used by a prompt", archived: false, locale: "en", message: "Cannot delete category with associated prompts" },
    { title: "used by an archived prompt", archived: true, locale: "en", message: "Cannot delete category with associated prompts" },
    {
      title: "used by a prompt, German caller",
      archived: false,
      locale: "de",
      message: "Kategorie mit zugeordneten Prompts kann nicht gelöscht werden",
    },
  ];
  for (const row of used) {
    it(`DELETE /api/admin/prompts/categories/{categoryId} – no subcategories but ${row.title} → 409 ${row.message}`, async () => {
      const { id } = (await createCategory({ name: `Used ${row.title}` })).body;
      await insertPrompt(id, null, row.archived);
      const cookie = `${await admin()}; NEXT_LOCALE=${row.locale}`;
      const res = await call<Envelope>(category.DELETE, { method: "DELETE", params: catParams(id), cookie });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(row.message);
      expect((await call(category.GET, { params: catParams(id), cookie })).status).toBe(200);
    });
  }

  deleteCategoryRaceCases(
    promptTree,
    [
      {
        title: "a subcategory added past the check",
        insert: "INSERT INTO prompt_subcategories (category_id, name) VALUES (OLD.id, 'Late child')",
        message: HAS_SUBCATEGORIES,
      },
      { title: "a prompt added past the check", insert: LATE_PROMPT("OLD.id"), message: "Cannot delete category with associated prompts" },
    ],
    promptCategories.id,
    [prompts.categoryId],
  );

  deletesEmptiedCategoryCase(promptTree);
});

describe("GET /api/admin/prompts/categories/search", () => {
  const search = async (name: string) =>
    call<PromptCategoryDto[]>(categorySearch.GET, {
      path: `/api/admin/prompts/categories/search?name=${encodeURIComponent(name)}`,
      cookie: await admin(),
    });

  it("GET /api/admin/prompts/categories/search – case-insensitive substring, % and _ literal", async () => {
    const res = await search("STYLE");
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.name)).toEqual(["Art styles"]);
    expect(res.body[0]?.subcategories.map((s) => s.name)).toEqual(["Drawing", "Painting"]);
    expect((await search("nothing like this")).body).toEqual([]);
    await createCategory({ name: "100% fun" });
    expect((await search("%")).body.map((c) => c.name)).toEqual(["100% fun"]);
    expect((await search("_")).body).toEqual([]);
  });

  searchAllCategoriesCase(promptTree);
});

describe("catalogue cache", () => {
  catalogueCacheCase(promptTree, "prompt categories and subcategories", "prompt-categories-test");

  it("PUT /api/admin/prompts/categories/{categoryId} – the public /api/prompts shows the new category name at once", async () => {
    type PublicPrompt = { title: string; category: { id: number; name: string }; subcategory: { name: string } | null };
    const publicList = async () => (await call<PublicPrompt[]>(publicPrompts.GET, { path: "/api/prompts" })).body;
    const art = await seedCategory("Art styles");
    const drawing = await seedSubcategory("Art styles", "Drawing");
    expect((await publicList()).find((p) => p.title === "Pencil Sketch")).toMatchObject({
      category: { name: "Art styles" },
      subcategory: { name: "Drawing" },
    });
    await call(category.PUT, {
      method: "PUT",
      params: catParams(art.id),
      body: { name: "Fine art", description: art.description },
      cookie: await admin(),
    });
    await call(subcategory.PUT, {
      method: "PUT",
      params: subParams(drawing.id),
      body: { categoryId: art.id, name: "Sketching" },
      cookie: await admin(),
    });
    expect((await publicList()).find((p) => p.title === "Pencil Sketch")).toMatchObject({
      category: { id: art.id, name: "Fine art" },
      subcategory: { name: "Sketching" },
    });
    const restore = (row: { name: string; description: string | null; nameDe?: string | null; descriptionDe?: string | null }) => ({
      name: row.name,
      description: row.description,
      nameDe: row.nameDe,
      descriptionDe: row.descriptionDe,
    });
    await call(category.PUT, { method: "PUT", params: catParams(art.id), body: restore(art), cookie: await admin() });
    await call(subcategory.PUT, {
      method: "PUT",
      params: subParams(drawing.id),
      body: { categoryId: art.id, ...restore(drawing) },
      cookie: await admin(),
    });
  });
});
