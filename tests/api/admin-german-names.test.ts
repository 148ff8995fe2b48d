import { describe, expect, it } from "vitest";
import * as categories from "@/app/api/admin/articles/categories/route";
import * as category from "@/app/api/admin/articles/categories/[categoryId]/route";
import * as subcategories from "@/app/api/admin/articles/subcategories/route";
import * as subcategory from "@/app/api/admin/articles/subcategories/[subcategoryId]/route";
import * as articleList from "@/app/api/admin/articles/route";
import * as vatCollection from "@/app/api/admin/vat/route";
import * as vatItem from "@/app/api/admin/vat/[vatId]/route";
import * as types from "@/app/api/admin/prompts/prompt-slot-types/route";
import * as type from "@/app/api/admin/prompts/prompt-slot-types/[slotTypeId]/route";
import * as slotVariants from "@/app/api/admin/prompts/slot-variants/route";
import type { CategoryDto, SubcategoryDto } from "@/lib/schemas/article-categories";
import type { ArticlePageDto } from "@/lib/schemas/articles";
import type { SlotTypeDto, SlotVariantDto } from "@/lib/schemas/prompts";
import type { VatRateDto } from "@/lib/schemas/vat";
import { call, loginAs } from "../helpers/api";

/** Article categories, VAT rates and slot types carry a German name beside the English one; the German admin reads it. */

type Envelope = { message: string; errors?: Record<string, string> };
const admin = () => loginAs("admin");
const de = { "accept-language": "de" };

describe("article categories and subcategories in German", () => {
  it("create, read and update a category with its German name and description", async () => {
    const created = await call<CategoryDto>(categories.POST, {
      method: "POST",
      body: { name: "Bottles", description: "Drinking bottles", nameDe: "Flaschen", descriptionDe: "Trinkflaschen" },
      cookie: await admin(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Bottles", nameDe: "Flaschen", descriptionDe: "Trinkflaschen" });
    const params = { categoryId: String(created.body.id) };
    const read = await call<CategoryDto>(category.GET, { params, cookie: await admin() });
    expect(read.body).toMatchObject({ nameDe: "Flaschen", descriptionDe: "Trinkflaschen" });
    const updated = await call<CategoryDto>(category.PUT, {
      method: "PUT",
      params,
      body: { name: "Bottles", description: null, nameDe: "Trinkflaschen", descriptionDe: "" },
      cookie: await admin(),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ nameDe: "Trinkflaschen", descriptionDe: null });
  });

  it("a subcategory keeps its German name; an empty one falls back to the English", async () => {
    const parent = await call<CategoryDto>(categories.POST, {
      method: "POST",
      body: { name: "Caps", nameDe: "Mützen" },
      cookie: await admin(),
    });
    const created = await call<SubcategoryDto>(subcategories.POST, {
      method: "POST",
      body: { categoryId: parent.body.id, name: "Winter caps", nameDe: "Wintermützen" },
      cookie: await admin(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Winter caps", nameDe: "Wintermützen" });
    const params = { subcategoryId: String(created.body.id) };
    const cleared = await call<SubcategoryDto>(subcategory.PUT, {
      method: "PUT",
      params,
      body: { categoryId: parent.body.id, name: "Winter caps", nameDe: "  " },
      cookie: await admin(),
    });
    expect(cleared.body.nameDe).toBeNull();
  });

  it("a German name over 255 characters is refused with 422, not cut", async () => {
    const res = await call<Envelope>(categories.POST, {
      method: "POST",
      body: { name: "Too long", nameDe: "x".repeat(256) },
      cookie: await admin(),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.nameDe).toBe("Name must be at most 255 characters");
    const longName = await call<Envelope>(categories.POST, { method: "POST", body: { name: "x".repeat(300) }, cookie: await admin() });
    expect(longName.status).toBe(422);
    expect(longName.body.errors?.name).toBe("Name must be at most 255 characters");
  });

  it("the seeded categories have German names, and the German article list shows them", async () => {
    const list = (await call<CategoryDto[]>(categories.GET, { cookie: await admin() })).body;
    const mugs = list.find((c) => c.name === "Mugs");
    expect(mugs).toMatchObject({ nameDe: "Tassen", descriptionDe: "Bedruckbare Tassen und Becher" });
    expect(mugs?.subcategories.find((s) => s.name === "Ceramic mugs")?.nameDe).toBe("Keramiktassen");

    const inGerman = await call<ArticlePageDto>(articleList.GET, { headers: de, cookie: await admin() });
    const mug = inGerman.body.items.find((a) => a.category.name === "Tassen");
    expect(mug?.subcategory?.name).toBe("Keramiktassen");
    const inEnglish = await call<ArticlePageDto>(articleList.GET, { cookie: await admin() });
    expect(inEnglish.body.items.some((a) => a.category.name === "Mugs")).toBe(true);
    expect(inEnglish.body.items.some((a) => a.category.name === "Tassen")).toBe(false);
  });
});

describe("VAT rate names in German", () => {
  it("create, read and update a rate with its German name; 422 when it is too long", async () => {
    const created = await call<VatRateDto>(vatCollection.POST, {
      method: "POST",
      body: { name: "Zero", nameDe: "Nullsatz", percent: 0.5 },
      cookie: await admin(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Zero", nameDe: "Nullsatz" });
    const params = { vatId: String(created.body.id) };
    expect((await call<VatRateDto>(vatItem.GET, { params, cookie: await admin() })).body.nameDe).toBe("Nullsatz");
    const updated = await call<VatRateDto>(vatItem.PUT, {
      method: "PUT",
      params,
      body: { name: "Zero", nameDe: "", percent: 0.5, isDefault: false },
      cookie: await admin(),
    });
    expect(updated.body.nameDe).toBeNull();
    const tooLong = await call<Envelope>(vatCollection.POST, {
      method: "POST",
      body: { name: "Long", nameDe: "y".repeat(256), percent: 3 },
      cookie: await admin(),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors?.nameDe).toBe("Name must be at most 255 characters");
  });

  it("the seeded rates have German names", async () => {
    const rates = (await call<VatRateDto[]>(vatCollection.GET, { cookie: await admin() })).body;
    expect(rates.find((r) => r.name === "Standard")?.nameDe).toBe("Regelsteuersatz");
    expect(rates.find((r) => r.name === "Reduced")?.nameDe).toBe("Ermäßigter Steuersatz");
  });
});

describe("slot type names in German", () => {
  it("create and rename with a German name; a position-only move keeps it; 422 when too long", async () => {
    const created = await call<SlotTypeDto>(types.POST, {
      method: "POST",
      body: { name: "Weather", nameDe: "Wetter" },
      cookie: await admin(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Weather", nameDe: "Wetter" });
    const params = { slotTypeId: String(created.body.id) };
    const renamed = await call<SlotTypeDto>(type.PUT, {
      method: "PUT",
      params,
      body: { name: "Weather", nameDe: "Wetterlage" },
      cookie: await admin(),
    });
    expect(renamed.body.nameDe).toBe("Wetterlage");
    const moved = await call<SlotTypeDto>(type.PUT, { method: "PUT", params, body: { position: 900 }, cookie: await admin() });
    expect(moved.body).toMatchObject({ position: 900, nameDe: "Wetterlage" });
    expect((await call<SlotTypeDto>(type.GET, { params, cookie: await admin() })).body.nameDe).toBe("Wetterlage");
    const tooLong = await call<Envelope>(types.POST, {
      method: "POST",
      body: { name: "Long", nameDe: "z".repeat(256) },
      cookie: await admin(),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors?.nameDe).toBe("Name must be at most 255 characters");
  });

  it("the seeded types have German names, and the German slot variant list shows them", async () => {
    const list = (await call<SlotTypeDto[]>(types.GET, { cookie: await admin() })).body;
    expect(list.find((t) => t.name === "Background")?.nameDe).toBe("Hintergrund");
    const variants = (await call<SlotVariantDto[]>(slotVariants.GET, { headers: de, cookie: await admin() })).body;
    const names = new Set(variants.map((v) => v.slotType.name));
    expect(names).toContain("Hintergrund");
    expect(names).not.toContain("Background");
  });
});
