import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as categories from "@/app/api/admin/prompts/categories/route";
import * as category from "@/app/api/admin/prompts/categories/[categoryId]/route";
import * as categorySearch from "@/app/api/admin/prompts/categories/search/route";
import * as subcategories from "@/app/api/admin/prompts/subcategories/route";
import * as subcategory from "@/app/api/admin/prompts/subcategories/[subcategoryId]/route";
import * as subcategorySearch from "@/app/api/admin/prompts/subcategories/search/route";
import * as subcategoriesOf from "@/app/api/admin/prompts/subcategories/category/[categoryId]/route";
import * as publicPrompts from "@/app/api/prompts/route";
import { call, cookieFor, type Role } from "../helpers/api";
import { getDb } from "@/db/client";
import { promptCategories, prompts } from "@/db/schema";
import { cachedCatalog } from "@/lib/services/catalog-cache";
import type { PromptCategoryDto } from "@/lib/schemas/prompt-categories";
import {
  HAS_SUBCATEGORIES,
  LATE_PROMPT,
  admin,
  catParams,
  createCategory,
  createSubcategory,
  insertPrompt,
  listCategories,
  seedCategory,
  seedSubcategory,
  subParams,
  withDeleteTrigger,
  type Envelope,
} from "../helpers/admin-prompt-categories";

/**
 * Prompt categories and subcategories: the same category tree service as the article
 * categories, with prompts as the children. Seed: "Art styles" (Drawing, Painting; prompts P-002…P-004)
 * and "Fun" (Retro; prompts P-001, P-005, P-006 and the archived P-007).
 */

describe("access matrix for /api/admin/prompts/categories and /subcategories", () => {
  /** The category the matrix files its subcategories under (the seed's tree stays as it is). */
  const parent = async () =>
    (await listCategories()).find((c) => c.name === "Access parent")?.id ?? (await createCategory({ name: "Access parent" })).body.id;
  const roles: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  // Each row calls one route as the given role; `ok` is the admin's success status.
  const routes: { name: string; ok: number; run: (cookie: string | undefined, role: Role) => Promise<number> }[] = [
    { name: "GET /api/admin/prompts/categories", ok: 200, run: async (cookie) => (await call(categories.GET, { cookie })).status },
    {
      name: "POST /api/admin/prompts/categories",
      ok: 201,
      run: async (cookie, role) => (await call(categories.POST, { method: "POST", body: { name: `Access ${role}` }, cookie })).status,
    },
    {
      name: "GET /api/admin/prompts/categories/{categoryId}",
      ok: 200,
      run: async (cookie) => (await call(category.GET, { params: catParams((await seedCategory("Fun")).id), cookie })).status,
    },
    {
      name: "PUT /api/admin/prompts/categories/{categoryId}",
      ok: 200,
      run: async (cookie, role) => {
        const { id } = (await createCategory({ name: `Put target ${role}` })).body;
        return (
          await call(category.PUT, {
            method: "PUT",
            params: catParams(id),
            body: { name: `Renamed ${role}`, nameDe: `Umbenannt ${role}` },
            cookie,
          })
        ).status;
      },
    },
    {
      name: "DELETE /api/admin/prompts/categories/{categoryId}",
      ok: 200,
      run: async (cookie, role) => {
        const { id } = (await createCategory({ name: `Delete target ${role}` })).body;
        return (await call(category.DELETE, { method: "DELETE", params: catParams(id), cookie })).status;
      },
    },
    {
      name: "GET /api/admin/prompts/categories/search",
      ok: 200,
      run: async (cookie) => (await call(categorySearch.GET, { path: "/api/admin/prompts/categories/search?name=art", cookie })).status,
    },
    { name: "GET /api/admin/prompts/subcategories", ok: 200, run: async (cookie) => (await call(subcategories.GET, { cookie })).status },
    {
      name: "POST /api/admin/prompts/subcategories",
      ok: 201,
      run: async (cookie, role) => {
        const id = await parent();
        return (await call(subcategories.POST, { method: "POST", body: { categoryId: id, name: `Access ${role}` }, cookie })).status;
      },
    },
    {
      name: "GET /api/admin/prompts/subcategories/{subcategoryId}",
      ok: 200,
      run: async (cookie) =>
        (await call(subcategory.GET, { params: subParams((await seedSubcategory("Fun", "Retro")).id), cookie })).status,
    },
    {
      name: "PUT /api/admin/prompts/subcategories/{subcategoryId}",
      ok: 200,
      run: async (cookie, role) => {
        const categoryId = await parent();
        const { id } = (await createSubcategory({ categoryId, name: `Put target ${role}` })).body;
        return (
          await call(subcategory.PUT, {
            method: "PUT",
            params: subParams(id),
            body: { categoryId, name: `Renamed ${role}`, nameDe: `Umbenannt ${role}` },
            cookie,
          })
        ).status;
      },
    },
    {
      name: "DELETE /api/admin/prompts/subcategories/{subcategoryId}",
      ok: 200,
      run: async (cookie, role) => {
        const categoryId = await parent();
        const { id } = (await createSubcategory({ categoryId, name: `Delete target ${role}` })).body;
        return (await call(subcategory.DELETE, { method: "DELETE", params: subParams(id), cookie })).status;
      },
    },
    {
      name: "GET /api/admin/prompts/subcategories/search",
      ok: 200,
      run: async (cookie) =>
        (await call(subcategorySearch.GET, { path: "/api/admin/prompts/subcategories/search?name=retro", cookie })).status,
    },
    {
      name: "GET /api/admin/prompts/subcategories/category/{categoryId}",
      ok: 200,
      run: async (cookie) => (await call(subcategoriesOf.GET, { params: catParams((await seedCategory("Art styles")).id), cookie })).status,
    },
  ];
  for (const r of routes) {
    for (const { role, status } of roles) {
      const expected = role === "admin" ? r.ok : status;
      it(`${r.name} – ${role} → ${expected}`, async () => {
        expect(await r.run(await cookieFor(role), role)).toBe(expected);
      });
    }
  }
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

  const bad: { title: string; body: unknown; field: string; message: string }[] = [
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
  for (const row of bad) {
    it(`POST /api/admin/prompts/categories – ${row.title} → 422 with field message`, async () => {
      const before = (await listCategories()).length;
      const res = await call<Envelope>(categories.POST, { method: "POST", body: row.body, cookie: await admin() });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect((await listCategories()).length).toBe(before);
    });
  }

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

  it("GET/PUT/DELETE /api/admin/prompts/categories/{categoryId} – unknown id → 404 Category not found; malformed id → 404", async () => {
    const cookie = await admin();
    for (const res of [
      await call<Envelope>(category.GET, { params: catParams(999999), cookie }),
      await call<Envelope>(category.PUT, { method: "PUT", params: catParams(999999), body: { name: "x" }, cookie }),
      await call<Envelope>(category.DELETE, { method: "DELETE", params: catParams(999999), cookie }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Category not found");
    }
    expect((await call(category.GET, { params: catParams("abc"), cookie })).status).toBe(404);
  });

  it("DELETE /api/admin/prompts/categories/{categoryId} – deletes an unused category", async () => {
    const { id } = (await createCategory({ name: "Doomed" })).body;
    const res = await call(category.DELETE, { method: "DELETE", params: catParams(id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: true });
    expect((await call(category.GET, { params: catParams(id), cookie: await admin() })).status).toBe(404);
  });

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

  const races: { title: string; insert: string; message: string }[] = [
    {
      title: "a subcategory added past the check",
      insert: "INSERT INTO prompt_subcategories (category_id, name) VALUES (OLD.id, 'Late child')",
      message: HAS_SUBCATEGORIES,
    },
    { title: "a prompt added past the check", insert: LATE_PROMPT("OLD.id"), message: "Cannot delete category with associated prompts" },
  ];
  for (const race of races) {
    it(`DELETE /api/admin/prompts/categories/{categoryId} – ${race.title} (FK violation) → the same 409, nothing deleted`, async () => {
      const db = await getDb();
      const { id } = (await createCategory({ name: "Race category" })).body;
      await withDeleteTrigger("prompt_categories", "Race category", race.insert, async () => {
        const res = await call<Envelope>(category.DELETE, { method: "DELETE", params: catParams(id), cookie: await admin() });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(race.message);
      });
      expect(await db.select().from(promptCategories).where(eq(promptCategories.id, id))).toHaveLength(1);
      expect(await db.select().from(prompts).where(eq(prompts.categoryId, id))).toHaveLength(0);
      await call(category.DELETE, { method: "DELETE", params: catParams(id), cookie: await admin() });
    });
  }

  it("DELETE /api/admin/prompts/categories/{categoryId} – succeeds once its subcategories are deleted", async () => {
    const { id: categoryId } = (await createCategory({ name: "Emptied" })).body;
    const { id } = (await createSubcategory({ categoryId, name: "Only child" })).body;
    expect((await call(category.DELETE, { method: "DELETE", params: catParams(categoryId), cookie: await admin() })).status).toBe(409);
    expect((await call(subcategory.DELETE, { method: "DELETE", params: subParams(id), cookie: await admin() })).status).toBe(200);
    expect((await call(category.DELETE, { method: "DELETE", params: catParams(categoryId), cookie: await admin() })).status).toBe(200);
  });
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

  it("GET /api/admin/prompts/categories/search – no name lists everything; 256 characters → 422", async () => {
    const all = await call<PromptCategoryDto[]>(categorySearch.GET, {
      path: "/api/admin/prompts/categories/search",
      cookie: await admin(),
    });
    expect(all.body.map((c) => c.id)).toEqual((await listCategories()).map((c) => c.id));
    const tooLong = await call<Envelope>(categorySearch.GET, {
      path: `/api/admin/prompts/categories/search?name=${"q".repeat(256)}`,
      cookie: await admin(),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors?.name).toBe("Name must be at most 255 characters");
  });
});

describe("catalogue cache", () => {
  it("POST/PUT/DELETE on prompt categories and subcategories – every write invalidates the catalogue cache", async () => {
    let loads = 0;
    const read = () => cachedCatalog("prompt-categories-test", async () => ++loads);
    const cookie = await admin();
    let categoryId = 0;
    let subcategoryId = 0;
    const writes: (() => Promise<{ status: number }>)[] = [
      async () => {
        const res = await createCategory({ name: "Cache probe" });
        categoryId = res.body.id;
        return res;
      },
      () => call(category.PUT, { method: "PUT", params: catParams(categoryId), body: { name: "Cache probe 2" }, cookie }),
      async () => {
        const res = await createSubcategory({ categoryId, name: "Cache child" });
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
