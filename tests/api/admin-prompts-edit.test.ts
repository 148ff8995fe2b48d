import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { generations, promptCategories, promptSlotVariants, promptSubcategories } from "@/db/schema";
import { getStorage } from "@/lib/integrations/storage";
import {
  Body,
  must,
  ref,
  slotId,
  unique,
  catalogueImage,
  customerImage,
  created,
  get,
  put,
  del,
  list,
  addSlots,
  replaceSlots,
  search,
  publicPrompts,
  bodyOf,
  imageRow,
  generate,
  setupPromptFixtures,
} from "../helpers/admin-prompts";

setupPromptFixtures();

// ── Update ───────────────────────────────────────────────────────────────────────────────────────

describe("PUT /api/admin/prompts/{promptId}", () => {
  it("PUT /api/admin/prompts/{promptId} – replaces every field and the whole slot selection", async () => {
    const p = await created();
    const res = await put(
      p.id,
      bodyOf(p, {
        title: "Updated",
        titleDe: null,
        categoryId: ref.fun,
        subcategoryId: ref.retro,
        styleText: "New style",
        llmId: ref.openai,
        active: false,
        slotVariantIds: [slotId("Lighting/Studio softbox")],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Updated",
      titleDe: null,
      category: { id: ref.fun },
      subcategory: { id: ref.retro },
      llm: { id: ref.openai },
      active: false,
      slotIds: [slotId("Lighting/Studio softbox")],
      composedPrompt: "New style.\n\nLight the subject evenly with a large studio softbox.",
    });
    expect((await get(p.id)).body).toEqual(res.body);
  });

  it("PUT /api/admin/prompts/{promptId} – keeping its own number is fine; another prompt's number → 409", async () => {
    const p = await created();
    expect((await put(p.id, bodyOf(p, { promptNumber: p.promptNumber?.toUpperCase() }))).status).toBe(200);
    const res = await put(p.id, bodyOf(p, { promptNumber: "P-002" }));
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ promptNumber: "This prompt number is already in use" });
  });

  it("PUT /api/admin/prompts/{promptId} – invalid bodies → 422, nothing changed", async () => {
    const p = await created();
    const cases: [Body, string, string][] = [
      [{ subcategoryId: ref.drawing, categoryId: ref.fun }, "subcategoryId", "The subcategory does not belong to the chosen category"],
      [
        { slotVariantIds: [slotId("Background/City skyline"), slotId("Background/Beach at sunset")] },
        "slotVariantIds",
        "Choose at most one variant per slot type",
      ],
      [{ exampleImageId: null }, "exampleImageId", "Please upload an example image"],
      [{ llmId: 999999 }, "llmId", "This entry does not exist"],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await put(p.id, bodyOf(p, overrides));
      expect(res.status, field).toBe(422);
      expect(res.body.errors?.[field]).toBe(message);
    }
    expect((await get(p.id)).body).toEqual(p);
  });

  it("PUT /api/admin/prompts/{promptId} – unknown prompt → 404 Prompt not found", async () => {
    const p = await created();
    const res = await put(999999, bodyOf(p));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Prompt not found");
  });

  it("PUT /api/admin/prompts/{promptId} – a replaced example image is deleted (row and file) unless another prompt uses it", async () => {
    const p = await created();
    const oldId = must(p.exampleImageId, "example image");
    const oldRow = must(await imageRow(oldId), "image row");
    const newId = await catalogueImage("#396");
    expect((await put(p.id, bodyOf(p, { exampleImageId: newId }))).body.exampleImageId).toBe(newId);
    expect(await imageRow(oldId)).toBeUndefined();
    expect(await getStorage().get(oldRow.storageKey)).toBeNull();

    // Shared with another prompt: kept.
    const other = await created({ exampleImageId: newId });
    const third = await catalogueImage("#963");
    expect((await put(p.id, bodyOf({ ...p, exampleImageId: newId }, { exampleImageId: third }))).status).toBe(200);
    expect(await imageRow(newId)).toBeDefined();
    expect((await get(other.id)).body.exampleImageUrl).toBe(`/api/images/${newId}`);
  });
});

// ── Delete ───────────────────────────────────────────────────────────────────────────────────────

describe("DELETE /api/admin/prompts/{promptId}", () => {
  it("DELETE /api/admin/prompts/{promptId} – an unused prompt is deleted with its slot selection and its example image", async () => {
    const p = await created();
    const imageId = must(p.exampleImageId, "example image");
    const key = must(await imageRow(imageId), "image").storageKey;
    const res = await del(p.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, archived: false });
    expect((await get(p.id)).status).toBe(404);
    expect(await (await getDb()).$count(promptSlotVariants, eq(promptSlotVariants.promptId, p.id))).toBe(0);
    expect(await imageRow(imageId)).toBeUndefined();
    expect(await getStorage().get(key)).toBeNull();
    expect((await del(p.id)).status).toBe(404);
  });

  it("DELETE /api/admin/prompts/{promptId} – a prompt a generation refers to is archived: hidden from customers, generation with it → 404", async () => {
    const p = await created({ categoryId: ref.fun, subcategoryId: null });
    expect((await publicPrompts()).some((x) => x.id === p.id)).toBe(true);
    const generated = await generate(p.id);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    expect(await (await getDb()).$count(generations, eq(generations.promptId, p.id))).toBe(1);

    const res = await del(p.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: false, archived: true });
    const after = await get(p.id);
    expect(after.body).toMatchObject({ archived: true, exampleImageId: p.exampleImageId, slotIds: p.slotIds });
    expect(await imageRow(must(p.exampleImageId, "image"))).toBeDefined();
    expect((await publicPrompts()).some((x) => x.id === p.id)).toBe(false);
    const again = await generate(p.id);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Prompt not found");
  });

  it("DELETE /api/admin/prompts/{promptId} – a prompt a generated image refers to is archived too", async () => {
    const p = await created();
    await customerImage(p.id);
    expect((await del(p.id)).body).toEqual({ deleted: false, archived: true });
  });
});

// ── Slots ────────────────────────────────────────────────────────────────────────────────────────

describe("POST /api/admin/prompts/{promptId}/slots", () => {
  it("POST /api/admin/prompts/{promptId}/slots – adds variants; one of a slot type already chosen replaces it", async () => {
    const p = await created({ slotVariantIds: [slotId("Background/City skyline"), slotId("Mood/Cheerful")], styleText: "Style" });
    const res = await addSlots(p.id, { slotIds: [slotId("Mood/Dramatic"), slotId("Lighting/Golden hour")] });
    expect(res.status).toBe(200);
    expect(res.body.slotIds).toEqual([slotId("Background/City skyline"), slotId("Mood/Dramatic"), slotId("Lighting/Golden hour")]);
    expect(res.body.composedPrompt).toBe(
      "Style.\n\nPlace the subject in front of a city skyline with tall buildings.\n\n" +
        "Give the scene a dramatic mood with strong contrast.\n\nLight the scene with warm, low golden-hour sunlight.",
    );
    // Adding what is already there changes nothing.
    expect((await addSlots(p.id, { slotIds: [slotId("Mood/Dramatic")] })).body.slotIds).toEqual(res.body.slotIds);
  });

  it("POST /api/admin/prompts/{promptId}/slots – concurrent additions of one slot type leave exactly one variant of it", async () => {
    const p = await created({ slotVariantIds: [] });
    const moods = ["Mood/Cheerful", "Mood/Dreamy", "Mood/Dramatic"].map(slotId);
    const answers = await Promise.all(moods.map((id) => addSlots(p.id, { slotIds: [id] })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = (await get(p.id)).body.slotIds;
    expect(after).toHaveLength(1);
    expect(moods).toContain(after[0]);
  });

  it("POST /api/admin/prompts/{promptId}/slots – bad selections → 422 with the field message, nothing changed", async () => {
    const p = await created();
    const cases: [unknown, string, string][] = [
      [{ slotIds: [] }, "slotIds", "Select at least one slot variant"],
      [{ slotIds: [999999] }, "slotIds", "This entry does not exist"],
      [
        { slotIds: [slotId("Lighting/Golden hour"), slotId("Lighting/Studio softbox")] },
        "slotIds",
        "Choose at most one variant per slot type",
      ],
      [{ slotIds: ["x"] }, "slotIds.0", "Invalid value"],
    ];
    for (const [body, field, message] of cases) {
      const res = await addSlots(p.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors?.[field]).toBe(message);
    }
    expect((await get(p.id)).body.slotIds).toEqual(p.slotIds);
  });

  it("POST /api/admin/prompts/{promptId}/slots – unknown prompt → 404 Prompt not found", async () => {
    const res = await addSlots(999999, { slotIds: [slotId("Mood/Dreamy")] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Prompt not found");
  });
});

describe("PUT /api/admin/prompts/{promptId}/slots", () => {
  it("PUT /api/admin/prompts/{promptId}/slots – replaces the whole selection; an empty list clears it", async () => {
    const p = await created({ slotVariantIds: [slotId("Background/City skyline"), slotId("Mood/Cheerful")] });
    const res = await replaceSlots(p.id, { slotVariants: [{ slotId: slotId("Lighting/Studio softbox") }] });
    expect(res.status).toBe(200);
    expect(res.body.slotVariants).toEqual([
      {
        slotId: slotId("Lighting/Studio softbox"),
        name: "Studio softbox",
        slotTypeId: expect.any(Number),
        slotTypeName: "Lighting",
        slotTypePosition: 3,
      },
    ]);
    const cleared = await replaceSlots(p.id, { slotVariants: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.slotIds).toEqual([]);
    expect(cleared.body.composedPrompt).toBe("Paint the photo in thick impasto strokes.");
  });

  it("PUT /api/admin/prompts/{promptId}/slots – two of one slot type or an unknown id → 422 on slotVariants, nothing changed", async () => {
    const p = await created();
    const twice = await replaceSlots(p.id, { slotVariants: [{ slotId: slotId("Mood/Dreamy") }, { slotId: slotId("Mood/Dramatic") }] });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ slotVariants: "Choose at most one variant per slot type" });
    const unknown = await replaceSlots(p.id, { slotVariants: [{ slotId: 999999 }] });
    expect(unknown.body.errors).toEqual({ slotVariants: "This entry does not exist" });
    expect((await replaceSlots(p.id, { slotVariants: "nope" })).status).toBe(422);
    expect((await get(p.id)).body.slotIds).toEqual(p.slotIds);
    expect((await replaceSlots(999999, { slotVariants: [] })).status).toBe(404);
  });
});

// ── Search and list ──────────────────────────────────────────────────────────────────────────────

describe("GET /api/admin/prompts/search", () => {
  it("GET /api/admin/prompts/search – case-insensitive title match, archived prompts too, { id, title, promptNumber }", async () => {
    const res = await search("NEON");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: expect.any(Number), title: "Neon Glow (retired)", promptNumber: "P-007" }]);
    expect((await search("pop")).body.map((h) => h.title)).toEqual(["Pop Art"]);
  });

  it("GET /api/admin/prompts/search – % and _ are taken literally", async () => {
    const percent = await created({ title: unique("100% Style") });
    const underscore = await created({ title: unique("Snake_case style") });
    expect((await search("%")).body.map((h) => h.id)).toEqual([percent.id]);
    expect((await search("_")).body.map((h) => h.id)).toEqual([underscore.id]);
    expect((await search("zzz-nothing")).body).toEqual([]);
  });
});

describe("GET /api/admin/prompts", () => {
  let categoryId: number;
  let subcategoryId: number;
  const titles = ["Alpha", "bravo", "Charlie", "Delta"];
  const ids: number[] = [];

  beforeAll(async () => {
    const db = await getDb();
    const [cat] = await db
      .insert(promptCategories)
      .values({ name: unique("List category") })
      .returning({ id: promptCategories.id });
    categoryId = must(cat, "category").id;
    const [sub] = await db.insert(promptSubcategories).values({ categoryId, name: "Sub" }).returning({ id: promptSubcategories.id });
    subcategoryId = must(sub, "subcategory").id;
    for (const [i, title] of titles.entries()) {
      const p = await created({
        title,
        titleDe: `${title} (de)`,
        promptNumber: `LIST-${String(9 - i)}`,
        categoryId,
        subcategoryId: i % 2 === 0 ? subcategoryId : null,
        archived: title === "Delta",
        slotVariantIds: i === 0 ? [slotId("Mood/Dreamy")] : [],
      });
      ids.push(p.id);
    }
  });

  it("GET /api/admin/prompts – filters by category; archived ones hidden by default, only them with archived=true, all with archived=all", async () => {
    const active = await list(`categoryId=${categoryId}`);
    expect(active.status).toBe(200);
    expect(active.body.items.map((p) => p.title)).toEqual(["Alpha", "bravo", "Charlie"]);
    expect(active.body.total).toBe(3);
    expect((await list(`categoryId=${categoryId}&archived=true`)).body.items.map((p) => p.title)).toEqual(["Delta"]);
    expect((await list(`categoryId=${categoryId}&archived=all`)).body.total).toBe(4);
    expect((await list("archived=true")).body.items.map((p) => p.title)).toContain("Neon Glow (retired)");
    expect((await list("archived=false&pageSize=100")).body.items.some((p) => p.archived)).toBe(false);
  });

  it("GET /api/admin/prompts – filters by subcategory", async () => {
    const res = await list(`subcategoryId=${subcategoryId}&archived=all`);
    expect(res.body.items.map((p) => p.title)).toEqual(["Alpha", "Charlie"]);
  });

  it("GET /api/admin/prompts – q searches title, German title and number, case-insensitive, % literal", async () => {
    expect((await list(`categoryId=${categoryId}&q=CHAR`)).body.items.map((p) => p.title)).toEqual(["Charlie"]);
    expect((await list(`categoryId=${categoryId}&q=${encodeURIComponent("bravo (de")}`)).body.items.map((p) => p.title)).toEqual(["bravo"]);
    expect((await list(`categoryId=${categoryId}&q=list-9`)).body.items.map((p) => p.title)).toEqual(["Alpha"]);
    expect((await list(`categoryId=${categoryId}&q=%25`)).body.total).toBe(0);
  });

  it("GET /api/admin/prompts – sorts by title (ignoring case) and prompt number, both directions", async () => {
    const sorted = async (sort: string) =>
      (await list(`categoryId=${categoryId}&archived=all&sort=${sort}`)).body.items.map((p) => p.title);
    expect(await sorted("title")).toEqual(["Alpha", "bravo", "Charlie", "Delta"]);
    expect(await sorted("-title")).toEqual(["Delta", "Charlie", "bravo", "Alpha"]);
    expect(await sorted("promptNumber")).toEqual(["Delta", "Charlie", "bravo", "Alpha"]);
    expect(await sorted("-promptNumber")).toEqual(["Alpha", "bravo", "Charlie", "Delta"]);
    expect(await sorted("createdAt")).toEqual(["Alpha", "bravo", "Charlie", "Delta"]);
  });

  it("GET /api/admin/prompts – pages with the total", async () => {
    const page1 = await list(`categoryId=${categoryId}&archived=all&pageSize=3&page=1`);
    const page2 = await list(`categoryId=${categoryId}&archived=all&pageSize=3&page=2`);
    expect(page1.body).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(page1.body.items.map((p) => p.title)).toEqual(["Alpha", "bravo", "Charlie"]);
    expect(page2.body.items.map((p) => p.title)).toEqual(["Delta"]);
    expect((await list(`categoryId=${categoryId}&page=9`)).body).toMatchObject({ items: [], total: 3 });
  });

  it("GET /api/admin/prompts – a row carries what the list shows", async () => {
    const [first] = (await list(`categoryId=${categoryId}&q=Alpha`)).body.items;
    expect(first).toMatchObject({
      id: ids[0],
      title: "Alpha",
      titleDe: "Alpha (de)",
      promptNumber: "LIST-9",
      category: { id: categoryId },
      subcategory: { id: subcategoryId, name: "Sub" },
      llm: { id: ref.offline },
      active: true,
      archived: false,
      slotVariantCount: 1,
    });
    expect(first?.exampleImageUrl).toMatch(/^\/api\/images\/\d+$/);
  });

  it("GET /api/admin/prompts – bad query values → 422", async () => {
    for (const q of ["archived=maybe", "sort=price", "page=0", "pageSize=101", "categoryId=x"]) {
      expect((await list(q)).status, q).toBe(422);
    }
  });
});

// ── What customers see ───────────────────────────────────────────────────────────────────────────

describe("admin writes reach GET /api/prompts", () => {
  it("GET /api/prompts – a created prompt appears at once in both languages; archiving it hides it; generation with it → 404", async () => {
    const p = await created({
      title: "Zebra",
      titleDe: "Zebrastreifen",
      description: "Stripes",
      descriptionDe: "Streifen",
      categoryId: ref.fun,
      subcategoryId: null,
    });
    expect((await publicPrompts("en")).find((x) => x.id === p.id)).toMatchObject({ title: "Zebra", description: "Stripes" });
    expect((await publicPrompts("de")).find((x) => x.id === p.id)).toMatchObject({ title: "Zebrastreifen", description: "Streifen" });

    expect((await put(p.id, bodyOf(p, { archived: true }))).status).toBe(200);
    expect((await publicPrompts()).some((x) => x.id === p.id)).toBe(false);
    expect((await generate(p.id)).status).toBe(404);

    // Restored: visible and usable again.
    expect((await put(p.id, bodyOf(p, { archived: false }))).status).toBe(200);
    expect((await publicPrompts()).some((x) => x.id === p.id)).toBe(true);
  });

  it("GET /api/prompts – an empty German title falls back to the English one", async () => {
    const p = await created({
      title: "Only English",
      titleDe: "  ",
      description: null,
      descriptionDe: "Nur deutsch",
      categoryId: ref.fun,
      subcategoryId: null,
    });
    expect((await publicPrompts("de")).find((x) => x.id === p.id)).toMatchObject({ title: "Only English", description: "Nur deutsch" });
    expect((await publicPrompts("en")).find((x) => x.id === p.id)).toMatchObject({ title: "Only English", description: "Nur deutsch" });
  });
});
