import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as categories from "@/app/api/admin/prompts/categories/route";
import * as category from "@/app/api/admin/prompts/categories/[categoryId]/route";
import * as subcategories from "@/app/api/admin/prompts/subcategories/route";
import * as subcategory from "@/app/api/admin/prompts/subcategories/[subcategoryId]/route";
import * as subcategorySearch from "@/app/api/admin/prompts/subcategories/search/route";
import * as subcategoriesOf from "@/app/api/admin/prompts/subcategories/category/[categoryId]/route";
import { call } from "../helpers/api";
import { getDb } from "@/db/client";
import { promptCategories, prompts, promptSubcategories } from "@/db/schema";
import type { PromptCategoryDto, PromptSubcategoryDto } from "@/lib/schemas/prompt-categories";
import {
  LATE_PROMPT,
  admin,
  catParams,
  createCategory,
  createSubcategory,
  insertPrompt,
  listCategories,
  promptTree,
  seedCategory,
  seedSubcategory,
  subParams,
  type Envelope,
} from "../helpers/admin-prompt-categories";
import {
  createSubcategoryUnknownCategoryCase,
  deleteSubcategoryRaceCase,
  deletesSubcategoryCase,
  listsSubcategoriesCase,
  unknownCategoryOfSubcategoriesCase,
  unknownSubcategoryCase,
} from "../helpers/category-tree-cases";

/**
 * Prompt categories and subcategories: the same category tree service as the article
 * categories, with prompts as the children. Seed: "Art styles" (Drawing, Painting; prompts P-002…P-004)
 * and "Fun" (Retro; prompts P-001, P-005, P-006 and the archived P-007).
 */

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

  createSubcategoryUnknownCategoryCase(
    promptTree,
    "unknown categoryId (an article category's id is not one) → 422 field error",
    promptSubcategories.name,
  );
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

  unknownSubcategoryCase(promptTree, "Fun");
  deletesSubcategoryCase(promptTree, "Fun");

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

  deleteSubcategoryRaceCase(promptTree, {
    child: "a prompt",
    table: "prompt_subcategories",
    insert: LATE_PROMPT("OLD.category_id", "OLD.id"),
    message: "Cannot delete subcategory with associated prompts",
    late: [prompts.title, "Late prompt"],
  });
});

describe("GET /api/admin/prompts/subcategories, …/search and …/category/{categoryId}", () => {
  listsSubcategoriesCase(promptTree, ["Drawing", "Painting", "Retro"], ["Retro", { categoryName: "Fun", promptCount: 2 }]);

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

  unknownCategoryOfSubcategoriesCase(promptTree);
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
