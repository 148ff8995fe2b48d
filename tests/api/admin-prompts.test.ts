import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/prompts/route";
import * as item from "@/app/api/admin/prompts/[promptId]/route";
import * as slotsRoute from "@/app/api/admin/prompts/[promptId]/slots/route";
import * as searchRoute from "@/app/api/admin/prompts/search/route";
import * as publicPromptsRoute from "@/app/api/prompts/route";
import * as publicGenerate from "@/app/api/public/images/generate/route";
import { getDb } from "@/db/client";
import {
  aiModels,
  articles,
  generations,
  images,
  promptCategories,
  prompts,
  promptSlotVariants,
  promptSubcategories,
  slotTypes,
  slotVariants,
} from "@/db/schema";
import { OFFLINE_MODEL, PROMPTS, SLOT_TYPES } from "@/db/seed-data";
import { getStorage, resetStorage } from "@/lib/integrations/storage";
import { composePromptText } from "@/lib/domain/prompt-text";
import type { PublicPromptDto } from "@/lib/schemas/catalog";
import type { PromptDto, PromptPageDto } from "@/lib/schemas/prompts";
import { storeImage } from "@/lib/services/images";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { userIdOf } from "../helpers/orders";
import { makeJpeg, photoForm } from "../helpers/images";
import { TEST_USERS, tempDir } from "../helpers/test-db";

type ErrorBody = { message: string; errors?: Record<string, string> };
type Body = Record<string, unknown>;
type Hit = { id: number; title: string; promptNumber: string | null };

function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

const ref = {
  artStyles: 0,
  fun: 0,
  painting: 0,
  drawing: 0,
  retro: 0,
  offline: 0,
  openai: 0,
  mugId: 0,
  customerId: 0,
};
/** Seeded slot variant ids keyed "slot type/variant name". */
const slot = new Map<string, number>();
const slotId = (key: string) => must(slot.get(key), `slot variant ${key}`);

beforeAll(async () => {
  // This file's own storage folder, so file checks are not disturbed by test files running in parallel.
  process.env.STORAGE_DIR = tempDir("shop-test-prompts-");
  resetStorage();
  const db = await getDb();
  const category = async (name: string) =>
    must((await db.select({ id: promptCategories.id }).from(promptCategories).where(eq(promptCategories.name, name)))[0], name).id;
  const subcategory = async (name: string) =>
    must((await db.select({ id: promptSubcategories.id }).from(promptSubcategories).where(eq(promptSubcategories.name, name)))[0], name).id;
  ref.artStyles = await category("Art styles");
  ref.fun = await category("Fun");
  ref.painting = await subcategory("Painting");
  ref.drawing = await subcategory("Drawing");
  ref.retro = await subcategory("Retro");
  const models = await db.select().from(aiModels);
  ref.offline = must(
    models.find((m) => m.provider === OFFLINE_MODEL.provider),
    "offline model",
  ).id;
  ref.openai = must(
    models.find((m) => m.provider === "openai"),
    "openai model",
  ).id;
  const [mug] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.type, "MUG"), eq(articles.active, true)))
    .limit(1);
  ref.mugId = must(mug, "active mug").id;
  ref.customerId = await userIdOf(TEST_USERS.customer.email);
  const rows = await db
    .select({ id: slotVariants.id, name: slotVariants.name, type: slotTypes.name })
    .from(slotVariants)
    .innerJoin(slotTypes, eq(slotTypes.id, slotVariants.slotTypeId));
  for (const r of rows) slot.set(`${r.type}/${r.name}`, r.id);
});

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────────

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${randomUUID().slice(0, 6)}`;

async function catalogueImage(color = "#c63"): Promise<number> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
  return (await storeImage({ bytes, use: "catalogue", format: "webp", type: "CATALOGUE", ownerId: null })).id;
}

async function customerImage(promptId: number | null = null): Promise<number> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  return (await storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId: ref.customerId, promptId })).id;
}

async function promptBody(overrides: Body = {}): Promise<Body> {
  return {
    title: unique("Test style"),
    titleDe: "Teststil",
    description: "A style made by the prompts API test",
    descriptionDe: "Ein Stil aus dem Prompt-API-Test",
    promptNumber: unique("T-P"),
    categoryId: ref.artStyles,
    subcategoryId: ref.painting,
    styleText: "Paint the photo in thick impasto strokes",
    llmId: ref.offline,
    active: true,
    archived: false,
    exampleImageId: await catalogueImage(),
    slotVariantIds: [slotId("Mood/Dreamy"), slotId("Background/Beach at sunset")],
    ...overrides,
  };
}

const params = (id: number | string) => ({ promptId: String(id) });

async function create(body: Body, cookie?: string) {
  return call<PromptDto & ErrorBody>(collection.POST, {
    method: "POST",
    path: "/api/admin/prompts",
    body,
    cookie: cookie ?? (await loginAs("admin")),
  });
}

async function created(overrides: Body = {}): Promise<PromptDto> {
  const res = await create(await promptBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function get(id: number) {
  return call<PromptDto & ErrorBody>(item.GET, { params: params(id), cookie: await loginAs("admin") });
}

async function put(id: number, body: Body) {
  return call<PromptDto & ErrorBody>(item.PUT, { method: "PUT", params: params(id), body, cookie: await loginAs("admin") });
}

async function del(id: number) {
  return call<{ deleted: boolean; archived: boolean } & ErrorBody>(item.DELETE, {
    method: "DELETE",
    params: params(id),
    cookie: await loginAs("admin"),
  });
}

async function list(query: string) {
  const res = await call<PromptPageDto & ErrorBody>(collection.GET, {
    path: `/api/admin/prompts?${query}`,
    cookie: await loginAs("admin"),
  });
  return res;
}

async function addSlots(id: number, body: unknown) {
  return call<PromptDto & ErrorBody>(slotsRoute.POST, { method: "POST", params: params(id), body, cookie: await loginAs("admin") });
}

async function replaceSlots(id: number, body: unknown) {
  return call<PromptDto & ErrorBody>(slotsRoute.PUT, { method: "PUT", params: params(id), body, cookie: await loginAs("admin") });
}

async function search(title: string) {
  return call<Hit[] & ErrorBody>(searchRoute.GET, {
    path: `/api/admin/prompts/search?title=${encodeURIComponent(title)}`,
    cookie: await loginAs("admin"),
  });
}

async function publicPrompts(language = "en") {
  const res = await call<PublicPromptDto[]>(publicPromptsRoute.GET, { path: "/api/prompts", headers: { "accept-language": language } });
  expect(res.status).toBe(200);
  return res.body;
}

/** The body PUT takes, from a prompt as GET answers it. */
function bodyOf(p: PromptDto, overrides: Body = {}): Body {
  return {
    title: p.title,
    titleDe: p.titleDe,
    description: p.description,
    descriptionDe: p.descriptionDe,
    promptNumber: p.promptNumber,
    categoryId: p.category.id,
    subcategoryId: p.subcategory?.id ?? null,
    styleText: p.styleText,
    llmId: p.llm.id,
    active: p.active,
    archived: p.archived,
    exampleImageId: p.exampleImageId,
    slotVariantIds: p.slotIds,
    ...overrides,
  };
}

async function promptCount(): Promise<number> {
  return (await getDb()).$count(prompts);
}

async function imageRow(id: number) {
  const [row] = await (await getDb()).select().from(images).where(eq(images.id, id));
  return row;
}

const photo = makeJpeg(900, 600);
let ip = 10;
/** POST /api/public/images/generate as an anonymous visitor (own IP each, so the guest limit never trips). */
async function generate(promptId: number) {
  const form = photoForm(await photo, { promptId, mugId: ref.mugId, x: 0, y: 0, width: 600, height: 600 });
  return call<ErrorBody>(publicGenerate.POST, {
    method: "POST",
    path: "/api/public/images/generate",
    body: form,
    headers: { "x-forwarded-for": `198.51.100.${++ip}` },
  });
}

// ── Access ───────────────────────────────────────────────────────────────────────────────────────

describe("access matrix for /api/admin/prompts", () => {
  const cases: { role: Role; ok: boolean; status: number }[] = [
    { role: "anonymous", ok: false, status: 401 },
    { role: "customer", ok: false, status: 403 },
    { role: "admin", ok: true, status: 200 },
  ];
  for (const { role, ok, status } of cases) {
    it(`GET /api/admin/prompts – ${role} → ${status}`, async () => {
      expect((await call(collection.GET, { path: "/api/admin/prompts", cookie: await cookieFor(role) })).status).toBe(status);
    });

    it(`GET /api/admin/prompts/search – ${role} → ${status}`, async () => {
      expect((await call(searchRoute.GET, { path: "/api/admin/prompts/search?title=pop", cookie: await cookieFor(role) })).status).toBe(
        status,
      );
    });

    it(`POST /api/admin/prompts – ${role} → ${ok ? 201 : status}${ok ? "" : ", nothing stored"}`, async () => {
      const before = await promptCount();
      const res = await call(collection.POST, { method: "POST", body: await promptBody(), cookie: await cookieFor(role) });
      expect(res.status).toBe(ok ? 201 : status);
      expect(await promptCount()).toBe(before + (ok ? 1 : 0));
    });

    it(`GET, PUT, DELETE /api/admin/prompts/{promptId} – ${role} → ${status}`, async () => {
      const target = await created();
      const cookie = await cookieFor(role);
      const p = params(target.id);
      expect((await call(item.GET, { params: p, cookie })).status).toBe(status);
      expect((await call(item.PUT, { method: "PUT", params: p, body: bodyOf(target, { title: "Renamed" }), cookie })).status).toBe(status);
      expect((await get(target.id)).body.title).toBe(ok ? "Renamed" : target.title);
      expect((await call(item.DELETE, { method: "DELETE", params: p, cookie })).status).toBe(status);
      expect((await get(target.id)).status).toBe(ok ? 404 : 200);
    });

    it(`POST, PUT /api/admin/prompts/{promptId}/slots – ${role} → ${status}`, async () => {
      const target = await created({ slotVariantIds: [] });
      const cookie = await cookieFor(role);
      const p = params(target.id);
      expect(
        (await call(slotsRoute.POST, { method: "POST", params: p, body: { slotIds: [slotId("Mood/Cheerful")] }, cookie })).status,
      ).toBe(status);
      expect(
        (await call(slotsRoute.PUT, { method: "PUT", params: p, body: { slotVariants: [{ slotId: slotId("Mood/Dramatic") }] }, cookie }))
          .status,
      ).toBe(status);
      expect((await get(target.id)).body.slotIds).toEqual(ok ? [slotId("Mood/Dramatic")] : []);
    });
  }

  it("GET /api/admin/prompts – anonymous and customer answers carry the spec's messages", async () => {
    expect((await call(collection.GET)).body).toMatchObject({ message: "Authentication required" });
    expect((await call(collection.GET, { cookie: await loginAs("customer") })).body).toMatchObject({
      message: "You do not have permission to do this",
    });
  });
});

// ── Create and read ──────────────────────────────────────────────────────────────────────────────

describe("POST /api/admin/prompts", () => {
  it("POST /api/admin/prompts – creates a prompt with its slot variants; the answer carries the composed prompt (201)", async () => {
    const body = await promptBody({ title: "  Impasto  ", slotVariantIds: [slotId("Mood/Dreamy"), slotId("Background/Beach at sunset")] });
    const res = await create(body);
    expect(res.status).toBe(201);
    const p = res.body;
    expect(p).toMatchObject({
      title: "Impasto",
      titleDe: "Teststil",
      description: "A style made by the prompts API test",
      descriptionDe: "Ein Stil aus dem Prompt-API-Test",
      promptNumber: body.promptNumber,
      category: { id: ref.artStyles, name: "Art styles" },
      subcategory: { id: ref.painting, name: "Painting" },
      styleText: "Paint the photo in thick impasto strokes",
      llm: { id: ref.offline, provider: "offline", modelId: OFFLINE_MODEL.modelId },
      active: true,
      archived: false,
      exampleImageId: body.exampleImageId,
      exampleImageUrl: `/api/images/${String(body.exampleImageId)}`,
    });
    // Ordered by the slot type's position (Background 1, Mood 2), whatever the order sent.
    expect(p.slotVariants.map((s) => `${s.slotTypeName}/${s.name}`)).toEqual(["Background/Beach at sunset", "Mood/Dreamy"]);
    expect(p.slotIds).toEqual([slotId("Background/Beach at sunset"), slotId("Mood/Dreamy")]);
    expect(p.composedPrompt).toBe(
      "Paint the photo in thick impasto strokes.\n\n" +
        "Place the subject on a sandy beach at sunset with gentle waves.\n\n" +
        "Give the scene a soft, dreamy mood with gentle haze.",
    );
    expect((await get(p.id)).body).toEqual(p);
  });

  it("POST /api/admin/prompts – optional fields default: no subcategory, number, German texts, slots; active, not archived", async () => {
    const res = await create({ title: "Minimal", categoryId: ref.fun, llmId: ref.openai, exampleImageId: await catalogueImage() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      titleDe: null,
      description: null,
      descriptionDe: null,
      promptNumber: null,
      subcategory: null,
      styleText: "",
      active: true,
      archived: false,
      slotVariants: [],
      slotIds: [],
      composedPrompt: "",
    });
  });

  const bad: { title: string; body: () => Promise<Body>; field: string; message: string }[] = [
    {
      title: "title missing",
      body: async () => {
        const b = await promptBody();
        delete b.title;
        return b;
      },
      field: "title",
      message: "Title is required",
    },
    { title: "title blank", body: () => promptBody({ title: "   " }), field: "title", message: "Title is required" },
    {
      title: "title too long",
      body: () => promptBody({ title: "x".repeat(256) }),
      field: "title",
      message: "Title must be at most 255 characters",
    },
    {
      title: "category missing",
      body: () => promptBody({ categoryId: undefined }),
      field: "categoryId",
      message: "Please choose a category",
    },
    { title: "LLM missing", body: () => promptBody({ llmId: undefined }), field: "llmId", message: "Please choose an AI model" },
    {
      title: "example image missing",
      body: () => promptBody({ exampleImageId: null }),
      field: "exampleImageId",
      message: "Please upload an example image",
    },
    {
      title: "unknown category",
      body: () => promptBody({ categoryId: 999999, subcategoryId: null }),
      field: "categoryId",
      message: "This entry does not exist",
    },
    {
      title: "unknown subcategory",
      body: () => promptBody({ subcategoryId: 999999 }),
      field: "subcategoryId",
      message: "This entry does not exist",
    },
    {
      title: "subcategory of another category",
      body: () => promptBody({ categoryId: ref.artStyles, subcategoryId: ref.retro }),
      field: "subcategoryId",
      message: "The subcategory does not belong to the chosen category",
    },
    { title: "unknown LLM", body: () => promptBody({ llmId: 999999 }), field: "llmId", message: "This entry does not exist" },
    {
      title: "unknown example image",
      body: () => promptBody({ exampleImageId: 999999 }),
      field: "exampleImageId",
      message: "This entry does not exist",
    },
    {
      title: "a customer's image as example image",
      body: async () => promptBody({ exampleImageId: await customerImage() }),
      field: "exampleImageId",
      message: "This entry does not exist",
    },
    {
      title: "unknown slot variant",
      body: () => promptBody({ slotVariantIds: [slotId("Mood/Dreamy"), 999999] }),
      field: "slotVariantIds",
      message: "This entry does not exist",
    },
    {
      title: "two variants of one slot type",
      body: () => promptBody({ slotVariantIds: [slotId("Mood/Dreamy"), slotId("Mood/Cheerful")] }),
      field: "slotVariantIds",
      message: "Choose at most one variant per slot type",
    },
  ];
  for (const row of bad) {
    it(`POST /api/admin/prompts – ${row.title} → 422 "${row.message}" on ${row.field}, nothing stored`, async () => {
      const before = await promptCount();
      const res = await create(await row.body());
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect(await promptCount()).toBe(before);
    });
  }

  it("POST /api/admin/prompts – several broken references are reported at once", async () => {
    const res = await create(await promptBody({ categoryId: 999999, subcategoryId: null, llmId: 999998, exampleImageId: 999997 }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      categoryId: "This entry does not exist",
      llmId: "This entry does not exist",
      exampleImageId: "This entry does not exist",
    });
  });

  it("POST /api/admin/prompts – a prompt number in use (ignoring case) → 409 with the field message, nothing stored", async () => {
    const before = await promptCount();
    for (const promptNumber of ["P-001", "p-001"]) {
      const res = await create(await promptBody({ promptNumber }));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("This prompt number is already in use");
      expect(res.body.errors).toEqual({ promptNumber: "This prompt number is already in use" });
    }
    expect(await promptCount()).toBe(before);
  });

  it("POST /api/admin/prompts – two concurrent creates with one number: one 201, one 409, never a 500", async () => {
    const promptNumber = unique("T-RACE");
    const [a, b] = await Promise.all([create(await promptBody({ promptNumber })), create(await promptBody({ promptNumber }))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body.errors).toEqual({ promptNumber: "This prompt number is already in use" });
  });

  it("POST /api/admin/prompts – the same slot variant twice counts once", async () => {
    const p = await created({ slotVariantIds: [slotId("Mood/Dreamy"), slotId("Mood/Dreamy")] });
    expect(p.slotIds).toEqual([slotId("Mood/Dreamy")]);
  });

  it("POST /api/admin/prompts – German answers for a German caller", async () => {
    const res = await call<ErrorBody>(collection.POST, {
      method: "POST",
      body: await promptBody({ title: "", slotVariantIds: [slotId("Mood/Dreamy"), slotId("Mood/Cheerful")] }),
      cookie: await loginAs("admin"),
      headers: { "accept-language": "de" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.title).toBe("Titel ist erforderlich");
  });
});

describe("GET /api/admin/prompts/{promptId}", () => {
  it("GET /api/admin/prompts/{promptId} – a seeded prompt: slot variants by position, composed exactly as providers receive it", async () => {
    const seed = must(
      PROMPTS.find((p) => p.promptNumber === "P-003"),
      "seeded watercolour",
    );
    const [row] = await (await getDb()).select({ id: prompts.id }).from(prompts).where(eq(prompts.promptNumber, "P-003"));
    const res = await get(must(row, "P-003").id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: seed.title,
      titleDe: seed.titleDe,
      description: seed.description,
      descriptionDe: seed.descriptionDe,
    });
    expect(res.body.slotVariants.map((s) => s.slotTypeName)).toEqual(["Background", "Mood", "Lighting"]);
    const slotText = (path: string) => {
      const [type, name] = path.split("/");
      const t = must(
        SLOT_TYPES.find((x) => x.name === type),
        path,
      );
      return {
        position: t.position,
        text: must(
          t.variants.find((v) => v.name === name),
          path,
        ).prompt,
      };
    };
    expect(res.body.composedPrompt).toBe(composePromptText({ styleText: seed.styleText, slots: (seed.slots ?? []).map(slotText) }));
  });

  it("GET /api/admin/prompts/{promptId} – unknown id → 404 Prompt not found; not a number → 404", async () => {
    const res = await get(999999);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Prompt not found");
    expect((await call(item.GET, { params: params("abc"), cookie: await loginAs("admin") })).status).toBe(404);
  });
});

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
