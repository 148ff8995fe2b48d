import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as publicPrompts from "@/app/api/prompts/route";
import * as category from "@/app/api/admin/prompts/categories/[categoryId]/route";
import * as subcategory from "@/app/api/admin/prompts/subcategories/[subcategoryId]/route";
import * as categories from "@/app/api/admin/prompts/categories/route";
import { call, loginAs } from "../helpers/api";
import { getDb } from "@/db/client";
import { promptCategories, promptSubcategories } from "@/db/schema";
import { seed } from "@/lib/seed";
import type { PromptCategoryDto } from "@/lib/schemas/prompt-categories";

/**
 * The style picker's category and subcategory names in the caller's language (issue 11 §4): the
 * seed gives the prompt categories German names, /api/prompts answers them for a German caller
 * (?locale=de, the NEXT_LOCALE cookie) and the English ones for an English caller, and an admin's
 * German name shows at once (every admin write invalidates the catalogue cache).
 */

type PublicPrompt = { title: string; category: { id: number; name: string }; subcategory: { id: number; name: string } | null };

const prompts = async (opts: { query?: string; cookie?: string; headers?: Record<string, string> } = {}) => {
  const res = await call<PublicPrompt[]>(publicPrompts.GET, {
    path: `/api/prompts${opts.query ?? ""}`,
    cookie: opts.cookie,
    headers: opts.headers,
  });
  expect(res.status).toBe(200);
  return res.body;
};
/** "category / subcategory" of each prompt, keyed by prompt title. */
const namesByTitle = (list: PublicPrompt[]) =>
  Object.fromEntries(list.map((p) => [p.title, `${p.category.name} / ${p.subcategory?.name ?? "–"}`]));

describe("GET /api/prompts – category and subcategory names in the caller's language", () => {
  it("?locale=de answers the seeded styles' German category and subcategory names", async () => {
    const de = namesByTitle(await prompts({ query: "?locale=de" }));
    expect(de["Pop-Art"]).toBe("Spaß / Retro");
    expect(de["Bleistiftskizze"]).toBe("Kunststile / Zeichnung");
    expect(Object.values(de)).toContain("Kunststile / Malerei");
    for (const names of Object.values(de)) expect(names).not.toMatch(/Art styles|Fun|Painting|Drawing/);
  });

  it("the NEXT_LOCALE=de cookie answers German names; ?locale=en and an English caller the English ones", async () => {
    const byCookie = namesByTitle(await prompts({ cookie: "NEXT_LOCALE=de" }));
    expect(byCookie["Pop-Art"]).toBe("Spaß / Retro");
    expect(byCookie["Bleistiftskizze"]).toBe("Kunststile / Zeichnung");
    for (const en of [await prompts({ query: "?locale=en", cookie: "NEXT_LOCALE=de" }), await prompts()]) {
      const names = namesByTitle(en);
      expect(names["Pop Art"]).toBe("Fun / Retro");
      expect(names["Pencil Sketch"]).toBe("Art styles / Drawing");
      expect(Object.values(names)).toContain("Art styles / Painting");
    }
  });

  it("sorts by the German category name for a German caller", async () => {
    const de = await prompts({ query: "?locale=de" });
    const order = [...new Set(de.map((p) => p.category.name))];
    expect(order.indexOf("Kunststile")).toBeLessThan(order.indexOf("Spaß"));
  });

  it("shows an admin's German names at once (the admin write invalidates the cache); empty German falls back to the English", async () => {
    const cookie = await loginAs("admin");
    const list = (await call<PromptCategoryDto[]>(categories.GET, { path: "/api/admin/prompts/categories", cookie })).body;
    const art = list.find((c) => c.name === "Art styles");
    const drawing = art?.subcategories.find((s) => s.name === "Drawing");
    if (!art || !drawing) throw new Error("seed has Art styles / Drawing");
    expect(namesByTitle(await prompts({ query: "?locale=de" }))["Bleistiftskizze"]).toBe("Kunststile / Zeichnung"); // cached now

    const put = await call(category.PUT, {
      method: "PUT",
      params: { categoryId: String(art.id) },
      body: { name: art.name, description: art.description, nameDe: "Bildende Kunst", descriptionDe: art.descriptionDe },
      cookie,
    });
    expect(put.status).toBe(200);
    const putSub = await call(subcategory.PUT, {
      method: "PUT",
      params: { subcategoryId: String(drawing.id) },
      body: { categoryId: art.id, name: drawing.name, description: drawing.description, nameDe: "Skizzen" },
      cookie,
    });
    expect(putSub.status).toBe(200);
    expect(namesByTitle(await prompts({ query: "?locale=de" }))["Bleistiftskizze"]).toBe("Bildende Kunst / Skizzen");
    expect(namesByTitle(await prompts({ query: "?locale=en" }))["Pencil Sketch"]).toBe("Art styles / Drawing");

    // No German name (empty → null): the German shop shows the English one.
    await call(subcategory.PUT, {
      method: "PUT",
      params: { subcategoryId: String(drawing.id) },
      body: { categoryId: art.id, name: drawing.name, description: drawing.description, nameDe: "  " },
      cookie,
    });
    expect(namesByTitle(await prompts({ query: "?locale=de" }))["Bleistiftskizze"]).toBe("Bildende Kunst / Drawing");
  });
});

describe("seed – German texts of the prompt categories", () => {
  it("fills them into categories an earlier seed wrote without them, never over an admin's German text", async () => {
    const db = await getDb();
    const [fun] = await db.select().from(promptCategories).where(eq(promptCategories.name, "Fun"));
    const [painting] = await db.select().from(promptSubcategories).where(eq(promptSubcategories.name, "Painting"));
    if (!fun || !painting) throw new Error("seed has Fun and Painting");
    expect(fun).toMatchObject({ nameDe: "Spaß", descriptionDe: "Verspielte, kräftige und Retro-Looks" });
    expect(painting).toMatchObject({ nameDe: "Malerei", descriptionDe: "Looks mit Pinsel und Farbe" });
    const [retro] = await db.select().from(promptSubcategories).where(eq(promptSubcategories.name, "Retro"));
    expect(retro).toMatchObject({ nameDe: "Retro", descriptionDe: "Looks vergangener Jahrzehnte" });

    // As an earlier seed left them (no German), and an admin's own German name on Painting.
    await db.update(promptCategories).set({ nameDe: null, descriptionDe: null }).where(eq(promptCategories.id, fun.id));
    await db.update(promptSubcategories).set({ nameDe: "Pinselkunst", descriptionDe: null }).where(eq(promptSubcategories.id, painting.id));
    await seed(db);

    const [funAfter] = await db.select().from(promptCategories).where(eq(promptCategories.id, fun.id));
    const [paintingAfter] = await db.select().from(promptSubcategories).where(eq(promptSubcategories.id, painting.id));
    expect(funAfter).toMatchObject({ name: "Fun", nameDe: "Spaß", descriptionDe: "Verspielte, kräftige und Retro-Looks" });
    expect(paintingAfter).toMatchObject({ name: "Painting", nameDe: "Pinselkunst", descriptionDe: "Looks mit Pinsel und Farbe" });
    expect(await db.$count(promptCategories, eq(promptCategories.name, "Fun"))).toBe(1);
  });
});
