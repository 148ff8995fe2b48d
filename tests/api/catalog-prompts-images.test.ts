import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import * as promptsRoute from "@/app/api/prompts/route";
import { call, loginAs } from "../helpers/api";
import { TEST_USERS } from "../helpers/test-db";
import { getDb } from "@/db/client";
import { aiModels, images, promptCategories, prompts, users } from "@/db/schema";
import { PROMPTS } from "@/db/seed-data";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import type { PublicPromptDto } from "@/lib/schemas/catalog";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import { CATALOG_CACHE, IMAGE_URL, getImage, getMugs, getPrompts, imageIdOf, sampleMug } from "../helpers/catalog";

describe("GET /api/prompts", () => {
  const visibleSeedTitles = ["Duotone", "Pencil Sketch", "Watercolour", "Comic", "Pop Art", "Vintage Poster"];

  it("lists the active, non-archived prompts by category, then title", async () => {
    const res = await call<PublicPromptDto[]>(promptsRoute.GET, { path: "/api/prompts" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(CATALOG_CACHE);
    expect(res.body.map((p) => p.title)).toEqual(visibleSeedTitles);
    expect(res.body.map((p) => p.category.name)).toEqual(["Art styles", "Art styles", "Art styles", "Fun", "Fun", "Fun"]);
    expect(res.body.some((p) => p.title === "Neon Glow (retired)")).toBe(false);
  });

  it("answers what the style picker shows: category, optional subcategory, example image", async () => {
    const list = await getPrompts();
    const pop = list.find((p) => p.title === "Pop Art");
    expect(pop).toMatchObject({ promptNumber: "P-001", category: { name: "Fun" }, subcategory: { name: "Retro" } });
    expect(pop?.exampleImageUrl).toMatch(IMAGE_URL);
    expect(list.find((p) => p.title === "Duotone")?.subcategory).toBeNull();
    for (const p of list) {
      expect(Object.keys(p).sort()).toEqual(["category", "description", "exampleImageUrl", "id", "promptNumber", "subcategory", "title"]);
      expect(Object.keys(p.category).sort()).toEqual(["id", "name"]);
    }
  });

  it("titles and descriptions in English by default, in German for accept-language de or the locale cookie (sorted by the German title)", async () => {
    const en = await getPrompts();
    const pop = en.find((p) => p.promptNumber === "P-001");
    expect(pop).toMatchObject({ title: "Pop Art", description: "Bold comic colours, black outlines and halftone dots from the 1960s." });

    const res = await call<PublicPromptDto[]>(promptsRoute.GET, { path: "/api/prompts", headers: { "accept-language": "de-DE,de;q=0.9" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
    expect(res.body.map((p) => p.title)).toEqual(["Aquarell", "Bleistiftskizze", "Duoton", "Comic", "Pop-Art", "Vintage-Plakat"]);
    expect(res.body.find((p) => p.promptNumber === "P-001")?.description).toBe(
      "Kräftige Comicfarben, schwarze Konturen und Rasterpunkte im Stil der 1960er.",
    );
    expect((await getPrompts({ cookie: "NEXT_LOCALE=de" })).map((p) => p.title)).toContain("Bleistiftskizze");
    // Each seeded prompt has both languages.
    for (const seed of PROMPTS.filter((p) => !p.archived)) {
      expect(en.find((p) => p.promptNumber === seed.promptNumber)).toMatchObject({ title: seed.title, description: seed.description });
      expect(res.body.find((p) => p.promptNumber === seed.promptNumber)).toMatchObject({
        title: seed.titleDe,
        description: seed.descriptionDe,
      });
    }
    // The English list is still cached as English.
    expect((await getPrompts()).map((p) => p.title)).toEqual(visibleSeedTitles);
  });

  it("the locale cookie alone: every seeded style's title and description in German, none of the English ones", async () => {
    const de = await getPrompts({ cookie: "NEXT_LOCALE=de" });
    const seeded = PROMPTS.filter((p) => !p.archived);
    for (const seed of seeded) {
      expect(seed.titleDe.trim()).not.toBe("");
      expect(seed.descriptionDe.trim()).not.toBe("");
      expect(de.find((p) => p.promptNumber === seed.promptNumber)).toMatchObject({ title: seed.titleDe, description: seed.descriptionDe });
    }
    const descriptions = de.map((p) => p.description);
    for (const seed of seeded) expect(descriptions).not.toContain(seed.description);
  });

  it("a missing text falls back to the other language", async () => {
    const db = await getDb();
    const [model] = await db.select({ id: aiModels.id }).from(aiModels).limit(1);
    const [fun] = await db.select({ id: promptCategories.id }).from(promptCategories).where(eq(promptCategories.name, "Fun"));
    if (!model || !fun) throw new Error("seed has models and categories");
    await db.insert(prompts).values([
      { title: "Mosaic", description: "Small tiles", promptNumber: "T-FB-1", categoryId: fun.id, llmId: model.id },
      { title: "Origami", titleDe: "  ", descriptionDe: "Gefaltetes Papier", promptNumber: "T-FB-2", categoryId: fun.id, llmId: model.id },
    ]);
    invalidateCatalog();
    const de = await getPrompts({ "accept-language": "de" });
    expect(de.find((p) => p.promptNumber === "T-FB-1")).toMatchObject({ title: "Mosaic", description: "Small tiles" });
    expect(de.find((p) => p.promptNumber === "T-FB-2")).toMatchObject({ title: "Origami", description: "Gefaltetes Papier" });
    const en = await getPrompts();
    expect(en.find((p) => p.promptNumber === "T-FB-2")).toMatchObject({ title: "Origami", description: "Gefaltetes Papier" });
    expect(en.find((p) => p.promptNumber === "T-FB-1")?.description).toBe("Small tiles");
    await db.delete(prompts).where(inArray(prompts.promptNumber, ["T-FB-1", "T-FB-2"]));
    invalidateCatalog();
  });

  it("leaks no internal field: no style text, no LLM, no flags", async () => {
    const res = await call(promptsRoute.GET, { path: "/api/prompts" });
    const json = JSON.stringify(res.body);
    for (const word of ["styleText", "llm", "archived", "active", "slot", "createdAt"])
      expect(json.toLowerCase()).not.toContain(word.toLowerCase());
    for (const p of PROMPTS) expect(json).not.toContain(p.styleText.slice(0, 40));
  });

  it("inactive and archived prompts are excluded; a new category sorts in by name", async () => {
    const db = await getDb();
    const [model] = await db.select({ id: aiModels.id }).from(aiModels).limit(1);
    const [fun] = await db.select({ id: promptCategories.id }).from(promptCategories).where(eq(promptCategories.name, "Fun"));
    if (!model || !fun) throw new Error("seed has models and categories");
    const [abstract] = await db.insert(promptCategories).values({ name: "Abstract" }).returning({ id: promptCategories.id });
    if (!abstract) throw new Error("inserted");
    await db.insert(prompts).values([
      {
        title: "Cubism",
        promptNumber: "T-1",
        categoryId: abstract.id,
        llmId: model.id,
        styleText: "secret style",
        active: true,
        archived: false,
      },
      { title: "Hidden draft", promptNumber: "T-2", categoryId: fun.id, llmId: model.id, active: false, archived: false },
      { title: "Archived but active", promptNumber: "T-3", categoryId: fun.id, llmId: model.id, active: true, archived: true },
      { title: "Archived and inactive", promptNumber: "T-4", categoryId: fun.id, llmId: model.id, active: false, archived: true },
    ]);
    await db.update(prompts).set({ active: false }).where(eq(prompts.title, "Pencil Sketch"));
    invalidateCatalog();

    const list = await getPrompts();
    expect(list.map((p) => p.title)).toEqual(["Cubism", "Duotone", "Watercolour", "Comic", "Pop Art", "Vintage Poster"]);
    expect(list[0]).toMatchObject({ category: { id: abstract.id, name: "Abstract" }, subcategory: null, exampleImageUrl: null });
    expect(JSON.stringify(list)).not.toContain("secret style");
  });
});

describe("GET /api/images/{imageId}", () => {
  async function catalogueImage() {
    const url = sampleMug(await getMugs()).variants[0]?.exampleImageUrl ?? null;
    const id = imageIdOf(url);
    const db = await getDb();
    const [row] = await db.select().from(images).where(eq(images.id, id));
    if (!row) throw new Error("the example image exists");
    return row;
  }

  it("serves a catalogue image's bytes with its type, immutable caching, nosniff and an ETag", async () => {
    const row = await catalogueImage();
    expect(row.type).toBe("CATALOGUE");
    const res = await getImage(String(row.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(row.mimeType);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("etag")).toBe(`"${row.storageKey}"`);
    expect(res.headers.get("content-length")).toBe(String(res.bytes.length));
    const stored = await getStorage().get(row.storageKey);
    expect(stored && res.bytes.equals(stored)).toBe(true);
    expect(res.bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
  });

  it("prompt example images are served too", async () => {
    const pop = (await getPrompts()).find((p) => p.title === "Pop Art");
    const res = await getImage(String(imageIdOf(pop?.exampleImageUrl ?? null)));
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBeGreaterThan(0);
  });

  it("If-None-Match with the ETag → 304 without a body; another ETag → 200", async () => {
    const row = await catalogueImage();
    const etag = `"${row.storageKey}"`;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, "*"]) {
      const res = await getImage(String(row.id), { "if-none-match": ifNoneMatch });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.bytes.length).toBe(0);
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    const other = await getImage(String(row.id), { "if-none-match": '"catalogue/other.webp"' });
    expect(other.status).toBe(200);
    expect(other.bytes.length).toBeGreaterThan(0);
  });

  it("a customer's images: the owner and admins get them (private cache), anyone else 404 like an unknown id", async () => {
    const db = await getDb();
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_USERS.customer.email));
    if (!owner) throw new Error("test customer exists");
    const source = await catalogueImage();
    const bytes = await getStorage().get(source.storageKey);
    if (!bytes) throw new Error("catalogue bytes exist");
    for (const type of ["UPLOADED", "GENERATED", "EDITED"] as const) {
      const storageKey = newStorageKey("test", "webp");
      await getStorage().put(storageKey, bytes, "image/webp");
      const [row] = await db
        .insert(images)
        .values({
          ownerId: owner.id,
          type,
          storageKey,
          mimeType: "image/webp",
          width: source.width,
          height: source.height,
          sizeBytes: bytes.length,
        })
        .returning({ id: images.id });
      if (!row) throw new Error("inserted");
      for (const cookie of [await loginAs("customer"), await loginAs("admin")]) {
        const res = await getImage(String(row.id), { cookie });
        expect(res.status, type).toBe(200);
        expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
        expect(res.bytes.equals(bytes)).toBe(true);
      }
      for (const headers of [{}, { cookie: await loginAs("other") }, { "if-none-match": `"${storageKey}"` }] as Record<string, string>[]) {
        const res = await getImage(String(row.id), headers);
        expect(res.status, type).toBe(404);
        expect(JSON.parse(res.bytes.toString("utf8"))).toMatchObject({ message: "Not found" });
        expect(res.headers.get("etag")).toBeNull();
      }
    }
  });

  it("unknown or malformed ids → 404", async () => {
    for (const id of ["999999", "0", "-1", "abc", "1.5", "99999999999999", ""]) {
      const res = await getImage(id);
      expect(res.status, id).toBe(404);
    }
  });

  it("a catalogue row whose file is missing → 404, never 500", async () => {
    const db = await getDb();
    const [row] = await db
      .insert(images)
      .values({
        type: "CATALOGUE",
        storageKey: newStorageKey("catalogue", "webp"),
        mimeType: "image/webp",
        width: 1,
        height: 1,
        sizeBytes: 1,
      })
      .returning({ id: images.id });
    if (!row) throw new Error("inserted");
    expect((await getImage(String(row.id))).status).toBe(404);
  });
});
