import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as categories from "@/app/api/admin/prompts/categories/route";
import * as category from "@/app/api/admin/prompts/categories/[categoryId]/route";
import * as categorySearch from "@/app/api/admin/prompts/categories/search/route";
import * as subcategories from "@/app/api/admin/prompts/subcategories/route";
import * as subcategory from "@/app/api/admin/prompts/subcategories/[subcategoryId]/route";
import * as subcategorySearch from "@/app/api/admin/prompts/subcategories/search/route";
import * as subcategoriesOf from "@/app/api/admin/prompts/subcategories/category/[categoryId]/route";
import * as publicPrompts from "@/app/api/prompts/route";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { getDb } from "@/db/client";
import { aiModels, promptCategories, prompts, promptSubcategories } from "@/db/schema";
import { cachedCatalog } from "@/lib/services/catalog-cache";
import type { PromptCategoryDto, PromptSubcategoryDto } from "@/lib/schemas/prompt-categories";

/**
 * Prompt categories and subcategories (issue 8): the same category tree service as the article
 * categories, with prompts as the children. Seed: "Art styles" (Drawing, Painting; prompts P-002…P-004)
 * and "Fun" (Retro; prompts P-001, P-005, P-006 and the archived P-007).
 */

type Envelope = { message: string; errors?: Record<string, string> };

const admin = () => loginAs("admin");
const catParams = (id: number | string) => ({ categoryId: String(id) });
const subParams = (id: number | string) => ({ subcategoryId: String(id) });
const HAS_SUBCATEGORIES = "Cannot delete category with subcategories. Please delete all subcategories first.";

async function createCategory(body: Record<string, unknown>) {
  return call<PromptCategoryDto>(categories.POST, { method: "POST", path: "/api/admin/prompts/categories", body, cookie: await admin() });
}
async function createSubcategory(body: Record<string, unknown>) {
  return call<PromptSubcategoryDto>(subcategories.POST, {
    method: "POST",
    path: "/api/admin/prompts/subcategories",
    body,
    cookie: await admin(),
  });
}
async function listCategories() {
  return (await call<PromptCategoryDto[]>(categories.GET, { path: "/api/admin/prompts/categories", cookie: await admin() })).body;
}
async function seedCategory(name: string): Promise<PromptCategoryDto> {
  const found = (await listCategories()).find((c) => c.name === name);
  if (!found) throw new Error(`seed has the prompt category ${name}`);
  return found;
}
async function seedSubcategory(categoryName: string, name: string): Promise<PromptSubcategoryDto> {
  const found = (await seedCategory(categoryName)).subcategories.find((s) => s.name === name);
  if (!found) throw new Error(`seed has the prompt subcategory ${categoryName}/${name}`);
  return found;
}
/** A prompt filed under the given category (and subcategory), written straight to the database. */
async function insertPrompt(categoryId: number, subcategoryId: number | null = null, archived = false): Promise<number> {
  const db = await getDb();
  const [model] = await db.select({ id: aiModels.id }).from(aiModels).limit(1);
  if (!model) throw new Error("seed has an AI model");
  const [row] = await db
    .insert(prompts)
    .values({ title: "Fixture prompt", categoryId, subcategoryId, llmId: model.id, archived, active: false })
    .returning({ id: prompts.id });
  if (!row) throw new Error("prompt inserted");
  return row.id;
}
/** Runs `fn` while a BEFORE DELETE trigger on `table` runs `insert` for the row named `rowName` (simulates a concurrent insert). */
async function withDeleteTrigger(table: string, rowName: string, insert: string, fn: () => Promise<void>): Promise<void> {
  const db = await getDb();
  await db.execute(sql.raw(`CREATE FUNCTION race_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${insert}; RETURN OLD; END $$`));
  await db.execute(
    sql.raw(
      `CREATE TRIGGER race_insert BEFORE DELETE ON ${table} FOR EACH ROW WHEN (OLD.name = '${rowName}') EXECUTE FUNCTION race_insert()`,
    ),
  );
  try {
    await fn();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER race_insert ON ${table}`));
    await db.execute(sql.raw("DROP FUNCTION race_insert()"));
  }
}
const LATE_PROMPT = (categoryId: string, subcategoryId = "NULL") =>
  `INSERT INTO prompts (title, category_id, subcategory_id, llm_id) VALUES ('Late prompt', ${categoryId}, ${subcategoryId}, (SELECT id FROM ai_models LIMIT 1))`;

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

describe("POST /api/admin/prompts/subcategories", () => {
  it("POST /api/admin/prompts/subcategories – creates a subcategory in its category (201)", async () => {
    const fun = await seedCategory("Fun");
    const res = await createSubcategory({ categoryId: fun.id, name: " Cartoon ", description: "Toons" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ categoryId: fun.id, categoryName: "Fun", name: "Cartoon", description: "Toons", promptCount: 0 });
    expect((await seedCategory("Fun")).subcategoryCount).toBe(fun.subcategoryCount + 1);
  });

  const bad: { title: string; body: (categoryId: number) => unknown; field: string; message: string }[] = [
    { title: "categoryId missing", body: () => ({ name: "A" }), field: "categoryId", message: "Please choose a category" },
    {
      title: "categoryId a string",
      body: (c) => ({ name: "A", categoryId: String(c) }),
      field: "categoryId",
      message: "Please choose a category",
    },
    { title: "categoryId zero", body: () => ({ name: "A", categoryId: 0 }), field: "categoryId", message: "Please choose a category" },
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
    it(`POST /api/admin/prompts/subcategories – ${row.title} → 422 with field message`, async () => {
      const fun = await seedCategory("Fun");
      const res = await call<Envelope>(subcategories.POST, { method: "POST", body: row.body(fun.id), cookie: await admin() });
      expect(res.status).toBe(422);
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect((await seedCategory("Fun")).subcategoryCount).toBe(fun.subcategoryCount);
    });
  }

  it("POST /api/admin/prompts/subcategories – unknown categoryId (an article category's id is not one) → 422 field error", async () => {
    const res = await call<Envelope>(subcategories.POST, {
      method: "POST",
      body: { categoryId: 999999, name: "Orphan" },
      cookie: await admin(),
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: "Validation failed", errors: { categoryId: "This entry does not exist" } });
    const db = await getDb();
    expect(await db.select().from(promptSubcategories).where(eq(promptSubcategories.name, "Orphan"))).toHaveLength(0);
  });
});

describe("GET/PUT/DELETE /api/admin/prompts/subcategories/{subcategoryId}", () => {
  it("GET /api/admin/prompts/subcategories/{subcategoryId} – one subcategory with its category and prompt count", async () => {
    const retro = await seedSubcategory("Fun", "Retro");
    const res = await call<PromptSubcategoryDto>(subcategory.GET, { params: subParams(retro.id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(retro);
    expect(res.body.promptCount).toBe(2);
  });

  it("PUT /api/admin/prompts/subcategories/{subcategoryId} – renames a used subcategory within its category", async () => {
    const retro = await seedSubcategory("Fun", "Retro");
    const res = await call<PromptSubcategoryDto>(subcategory.PUT, {
      method: "PUT",
      params: subParams(retro.id),
      body: { categoryId: retro.categoryId, name: "Retro", description: "Decades ago" },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: retro.id, name: "Retro", description: "Decades ago", promptCount: 2 });
  });

  it("PUT /api/admin/prompts/subcategories/{subcategoryId} – moves an unused subcategory to another category", async () => {
    const { id: target } = (await createCategory({ name: "Move target" })).body;
    const { id } = (await createSubcategory({ categoryId: (await seedCategory("Fun")).id, name: "Mover" })).body;
    const res = await call<PromptSubcategoryDto>(subcategory.PUT, {
      method: "PUT",
      params: subParams(id),
      body: { categoryId: target, name: "Moved" },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ categoryId: target, categoryName: "Move target", name: "Moved" });
    expect((await seedCategory("Fun")).subcategories.some((s) => s.id === id)).toBe(false);
  });

  it("PUT /api/admin/prompts/subcategories/{subcategoryId} – moving a subcategory that prompts use → 409, nothing changes", async () => {
    const drawing = await seedSubcategory("Art styles", "Drawing");
    const fun = await seedCategory("Fun");
    for (const [locale, message] of [
      ["en", "Cannot move a subcategory with associated prompts to another category"],
      ["de", "Unterkategorie mit zugeordneten Prompts kann nicht in eine andere Kategorie verschoben werden"],
    ] as const) {
      const res = await call<Envelope>(subcategory.PUT, {
        method: "PUT",
        params: subParams(drawing.id),
        body: { categoryId: fun.id, name: "Moved drawing" },
        cookie: `${await admin()}; NEXT_LOCALE=${locale}`,
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
    }
    expect(await seedSubcategory("Art styles", "Drawing")).toEqual(drawing);
  });

  it("PUT /api/admin/prompts/subcategories/{subcategoryId} – unknown categoryId → 422; invalid name → 422", async () => {
    const painting = await seedSubcategory("Art styles", "Painting");
    const unknown = await call<Envelope>(subcategory.PUT, {
      method: "PUT",
      params: subParams(painting.id),
      body: { categoryId: 999999, name: "X" },
      cookie: await admin(),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ categoryId: "This entry does not exist" });
    const blank = await call<Envelope>(subcategory.PUT, {
      method: "PUT",
      params: subParams(painting.id),
      body: { categoryId: painting.categoryId, name: "" },
      cookie: await admin(),
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors?.name).toBe("Name is required");
    expect((await seedSubcategory("Art styles", "Painting")).name).toBe("Painting");
  });

  it("GET/PUT/DELETE /api/admin/prompts/subcategories/{subcategoryId} – unknown id → 404 Subcategory not found", async () => {
    const cookie = await admin();
    const categoryId = (await seedCategory("Fun")).id;
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

  it("DELETE /api/admin/prompts/subcategories/{subcategoryId} – deletes an unused subcategory", async () => {
    const { id } = (await createSubcategory({ categoryId: (await seedCategory("Fun")).id, name: "Short-lived" })).body;
    const res = await call(subcategory.DELETE, { method: "DELETE", params: subParams(id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: true });
    expect((await call(subcategory.GET, { params: subParams(id), cookie: await admin() })).status).toBe(404);
  });

  const used: { title: string; locale: "en" | "de"; message: string }[] = [
    { title: "used by the seed's prompts", locale: "en", message: "Cannot delete subcategory with associated prompts" },
    {
      title: "used by the seed's prompts, German caller",
      locale: "de",
      message: "Unterkategorie mit zugeordneten Prompts kann nicht gelöscht werden",
    },
  ];
  for (const row of used) {
    it(`DELETE /api/admin/prompts/subcategories/{subcategoryId} – ${row.title} → 409 ${row.message}`, async () => {
      const retro = await seedSubcategory("Fun", "Retro");
      const res = await call<Envelope>(subcategory.DELETE, {
        method: "DELETE",
        params: subParams(retro.id),
        cookie: `${await admin()}; NEXT_LOCALE=${row.locale}`,
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(row.message);
      expect((await call(subcategory.GET, { params: subParams(retro.id), cookie: await admin() })).status).toBe(200);
    });
  }

  it("DELETE /api/admin/prompts/subcategories/{subcategoryId} – used only by an archived prompt → 409", async () => {
    const { id: categoryId } = (await createCategory({ name: "Archive parent" })).body;
    const { id } = (await createSubcategory({ categoryId, name: "Archive child" })).body;
    await insertPrompt(categoryId, id, true);
    const res = await call<Envelope>(subcategory.DELETE, { method: "DELETE", params: subParams(id), cookie: await admin() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Cannot delete subcategory with associated prompts");
  });

  it("DELETE /api/admin/prompts/subcategories/{subcategoryId} – a prompt added past the check (FK violation) → the same 409", async () => {
    const db = await getDb();
    const { id: categoryId } = (await createCategory({ name: "Race parent" })).body;
    const { id } = (await createSubcategory({ categoryId, name: "Race subcategory" })).body;
    await withDeleteTrigger("prompt_subcategories", "Race subcategory", LATE_PROMPT("OLD.category_id", "OLD.id"), async () => {
      const res = await call<Envelope>(subcategory.DELETE, { method: "DELETE", params: subParams(id), cookie: await admin() });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Cannot delete subcategory with associated prompts");
    });
    expect(await db.select().from(prompts).where(eq(prompts.title, "Late prompt"))).toHaveLength(0);
    expect((await call(subcategory.GET, { params: subParams(id), cookie: await admin() })).status).toBe(200);
  });
});

describe("GET /api/admin/prompts/subcategories, …/search and …/category/{categoryId}", () => {
  it("GET /api/admin/prompts/subcategories – every subcategory with its category name, sorted by name", async () => {
    const res = await call<PromptSubcategoryDto[]>(subcategories.GET, { cookie: await admin() });
    expect(res.status).toBe(200);
    const names = res.body.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(["Drawing", "Painting", "Retro"]));
    expect(names).toEqual([...names].sort(new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare));
    expect(res.body.find((s) => s.name === "Retro")).toMatchObject({ categoryName: "Fun", promptCount: 2 });
  });

  it("GET /api/admin/prompts/subcategories/search – case-insensitive substring, % literal; none of the article subcategories", async () => {
    const search = async (name: string) =>
      (
        await call<PromptSubcategoryDto[]>(subcategorySearch.GET, {
          path: `/api/admin/prompts/subcategories/search?name=${encodeURIComponent(name)}`,
          cookie: await admin(),
        })
      ).body;
    expect((await search("ING")).map((s) => s.name)).toEqual(["Drawing", "Painting"]);
    expect(await search("mugs")).toEqual([]);
    await createSubcategory({ categoryId: (await seedCategory("Fun")).id, name: "50% off" });
    expect((await search("%")).map((s) => s.name)).toEqual(["50% off"]);
  });

  it("GET /api/admin/prompts/subcategories/category/{categoryId} – the category's subcategories by name; none → []", async () => {
    const art = await seedCategory("Art styles");
    const res = await call<PromptSubcategoryDto[]>(subcategoriesOf.GET, { params: catParams(art.id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body.map((s) => s.name)).toEqual(["Drawing", "Painting"]);
    expect(res.body.map((s) => s.id)).toEqual(art.subcategories.map((s) => s.id));
    const { id: empty } = (await createCategory({ name: "No children" })).body;
    expect((await call(subcategoriesOf.GET, { params: catParams(empty), cookie: await admin() })).body).toEqual([]);
  });

  it("GET /api/admin/prompts/subcategories/category/{categoryId} – unknown category → 404 Category not found", async () => {
    const res = await call<Envelope>(subcategoriesOf.GET, { params: catParams(999999), cookie: await admin() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Category not found");
  });
});

describe("German name and description (prompt categories and subcategories)", () => {
  it("GET /api/admin/prompts/categories – the seed's categories and subcategories carry their German texts", async () => {
    const art = await seedCategory("Art styles");
    expect(art).toMatchObject({ nameDe: "Kunststile", descriptionDe: "Klassische Mal- und Zeichentechniken" });
    expect(art.subcategories.map((s) => [s.name, s.nameDe, s.descriptionDe])).toEqual([
      ["Drawing", "Zeichnung", "Bleistift, Tusche und Strichzeichnungen"],
      ["Painting", "Malerei", "Looks mit Pinsel und Farbe"],
    ]);
    expect(await seedCategory("Fun")).toMatchObject({ nameDe: "Spaß", descriptionDe: "Verspielte, kräftige und Retro-Looks" });
  });

  it("POST/PUT /api/admin/prompts/categories – stores the optional German name and description (trimmed, empty → null); PUT replaces them", async () => {
    const res = await createCategory({ name: "Seasons DE", nameDe: "  Jahreszeiten  ", descriptionDe: "Frühling bis Winter" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Seasons DE", nameDe: "Jahreszeiten", descriptionDe: "Frühling bis Winter" });
    const { id } = res.body;
    const cookie = await admin();
    const put = await call<PromptCategoryDto>(category.PUT, {
      method: "PUT",
      params: catParams(id),
      body: { name: "Seasons DE", nameDe: "Saisons", descriptionDe: "" },
      cookie,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ nameDe: "Saisons", descriptionDe: null });
    expect((await call<PromptCategoryDto>(category.GET, { params: catParams(id), cookie })).body).toMatchObject({
      nameDe: "Saisons",
      descriptionDe: null,
    });
    const [row] = await (await getDb()).select().from(promptCategories).where(eq(promptCategories.id, id));
    expect(row).toMatchObject({ nameDe: "Saisons", descriptionDe: null });
    const cleared = await call<PromptCategoryDto>(category.PUT, {
      method: "PUT",
      params: catParams(id),
      body: { name: "Seasons DE" },
      cookie,
    });
    expect(cleared.body).toMatchObject({ nameDe: null, descriptionDe: null });
  });

  it("POST/PUT /api/admin/prompts/subcategories – stores the optional German name and description", async () => {
    const { id: categoryId } = (await createCategory({ name: "German parent" })).body;
    const res = await createSubcategory({ categoryId, name: "Winter", nameDe: "Winter", descriptionDe: "Schnee und Eis" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Winter", nameDe: "Winter", descriptionDe: "Schnee und Eis" });
    const put = await call<PromptSubcategoryDto>(subcategory.PUT, {
      method: "PUT",
      params: subParams(res.body.id),
      body: { categoryId, name: "Winter", nameDe: "Wintermärchen", descriptionDe: null },
      cookie: await admin(),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ nameDe: "Wintermärchen", descriptionDe: null });
    const [row] = await (await getDb()).select().from(promptSubcategories).where(eq(promptSubcategories.id, res.body.id));
    expect(row).toMatchObject({ nameDe: "Wintermärchen", descriptionDe: null });
  });

  const tooLong: { title: string; body: Record<string, unknown>; field: string; en: string; de: string }[] = [
    {
      title: "German name 256 characters",
      body: { name: "A", nameDe: "ä".repeat(256) },
      field: "nameDe",
      en: "Name must be at most 255 characters",
      de: "Der Name darf höchstens 255 Zeichen lang sein",
    },
    {
      title: "German description too long",
      body: { name: "A", descriptionDe: "d".repeat(1001) },
      field: "descriptionDe",
      en: "Description must be at most 1000 characters",
      de: "Die Beschreibung darf höchstens 1000 Zeichen lang sein",
    },
    { title: "German name not text", body: { name: "A", nameDe: 5 }, field: "nameDe", en: "Invalid value", de: "Ungültiger Wert" },
  ];
  for (const row of tooLong) {
    it(`POST/PUT /api/admin/prompts/categories and /subcategories – ${row.title} → 422 field error on ${row.field}, nothing written`, async () => {
      const cookie = await admin();
      const before = (await listCategories()).length;
      const post = await call<Envelope>(categories.POST, { method: "POST", body: row.body, cookie });
      expect(post.status).toBe(422);
      expect(post.body.errors?.[row.field]).toBe(row.en);
      expect((await listCategories()).length).toBe(before);
      const art = await seedCategory("Art styles");
      const put = await call<Envelope>(category.PUT, { method: "PUT", params: catParams(art.id), body: row.body, cookie });
      expect(put.status).toBe(422);
      expect(put.body.errors?.[row.field]).toBe(row.en);
      expect(await seedCategory("Art styles")).toEqual(art);
      const sub = await call<Envelope>(subcategories.POST, { method: "POST", body: { ...row.body, categoryId: art.id }, cookie });
      expect(sub.status).toBe(422);
      expect(sub.body.errors?.[row.field]).toBe(row.en);
      const drawing = await seedSubcategory("Art styles", "Drawing");
      const putSub = await call<Envelope>(subcategory.PUT, {
        method: "PUT",
        params: subParams(drawing.id),
        body: { ...row.body, categoryId: art.id },
        cookie,
      });
      expect(putSub.status).toBe(422);
      expect(putSub.body.errors?.[row.field]).toBe(row.en);
      if (row.de) {
        const de = await call<Envelope>(categories.POST, { method: "POST", body: row.body, cookie: `${cookie}; NEXT_LOCALE=de` });
        expect(de.body.errors?.[row.field]).toBe(row.de);
      }
    });
  }
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
