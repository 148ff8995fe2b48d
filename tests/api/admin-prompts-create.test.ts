import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/prompts/route";
import * as item from "@/app/api/admin/prompts/[promptId]/route";
import * as slotsRoute from "@/app/api/admin/prompts/[promptId]/slots/route";
import * as searchRoute from "@/app/api/admin/prompts/search/route";
import { getDb } from "@/db/client";
import { prompts } from "@/db/schema";
import { OFFLINE_MODEL, PROMPTS, SLOT_TYPES } from "@/db/seed-data";
import { composePromptText } from "@/lib/domain/prompt-text";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import {
  ErrorBody,
  Body,
  must,
  ref,
  slotId,
  unique,
  catalogueImage,
  customerImage,
  promptBody,
  params,
  create,
  created,
  get,
  bodyOf,
  promptCount,
  setupPromptFixtures,
} from "../helpers/admin-prompts";

setupPromptFixtures();

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
