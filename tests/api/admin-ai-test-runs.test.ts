import { describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import * as testRoute from "@/app/api/admin/ai/test/route";
import * as runsRoute from "@/app/api/admin/ai/test-runs/route";
import * as runRoute from "@/app/api/admin/ai/test-runs/[runId]/route";
import * as exampleRoute from "@/app/api/admin/ai/test-runs/[runId]/results/[generationId]/use-as-example/route";
import * as saveTextsRoute from "@/app/api/admin/ai/test-runs/[runId]/save-texts/route";
import { getDb } from "@/db/client";
import { generations, images, prompts } from "@/db/schema";
import { composePromptText } from "@/lib/domain/prompt-text";
import type { AiTestRunDto, AiTestRunPageDto } from "@/lib/schemas/ai-test";
import en from "@/messages/en.json";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import {
  adminId,
  archivedPromptId,
  fetchImage,
  freshRun,
  latestRunId,
  setupAiTestFixtures,
  slotPromptId,
  testForm,
  type ErrorBody,
} from "../helpers/admin-ai-test";

setupAiTestFixtures();

describe("access matrix", () => {
  const routes = [
    {
      name: "POST /api/admin/ai/test",
      run: (cookie?: string) => call(testRoute.POST, { method: "POST", body: testForm({ masterPrompt: "pop art" }), cookie }),
      ok: 200,
    },
    {
      name: "GET /api/admin/ai/test-runs",
      run: (cookie?: string) => call(runsRoute.GET, { path: "/api/admin/ai/test-runs", cookie }),
      ok: 200,
    },
    {
      name: "GET /api/admin/ai/test-runs/{runId}",
      run: async (cookie?: string) => call(runRoute.GET, { params: { runId: String(await latestRunId()) }, cookie }),
      ok: 200,
    },
    {
      name: "POST /api/admin/ai/test-runs/{runId}/results/{generationId}/use-as-example",
      run: async (cookie?: string) => {
        const run = await freshRun({ promptId: slotPromptId });
        return call(exampleRoute.POST, {
          method: "POST",
          params: { runId: String(run.id), generationId: String(run.results[0]?.generationId) },
          body: { promptId: slotPromptId },
          cookie,
        });
      },
      ok: 200,
    },
    {
      name: "POST /api/admin/ai/test-runs/{runId}/save-texts",
      run: async (cookie?: string) =>
        call(saveTextsRoute.POST, {
          method: "POST",
          params: { runId: String((await freshRun({ promptId: archivedPromptId })).id) },
          body: {},
          cookie,
        }),
      ok: 200,
    },
  ];
  const roles: { role: Role; status?: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin" },
  ];
  for (const r of routes) {
    for (const { role, status } of roles) {
      it(`${r.name} – ${role} → ${status ?? r.ok}`, async () => {
        const res = await r.run(await cookieFor(role));
        expect(res.status).toBe(status ?? r.ok);
        if (status) expect(res.body).toMatchObject({ message: expect.any(String) });
      });
    }
  }
});

describe("GET /api/admin/ai/test-runs", () => {
  it("GET /api/admin/ai/test-runs – runs newest first, paged, each reopened with its settings and results", async () => {
    const a = await freshRun({ masterPrompt: "run A comic" });
    const b = await freshRun({ masterPrompt: "run B vintage", quality: "high", background: "opaque" });
    const admin = await loginAs("admin");
    const page = await call<AiTestRunPageDto>(runsRoute.GET, { path: "/api/admin/ai/test-runs?pageSize=2", cookie: admin });
    expect(page.status).toBe(200);
    expect(page.body.items.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(page.body).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    const second = await call<AiTestRunPageDto>(runsRoute.GET, { path: "/api/admin/ai/test-runs?pageSize=1&page=2", cookie: admin });
    expect(second.body.items.map((r) => r.id)).toEqual([a.id]);

    const reopened = await call<AiTestRunDto>(runRoute.GET, { params: { runId: String(b.id) }, cookie: admin });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toEqual(b);
    expect(reopened.body.settings).toMatchObject({ quality: "high", background: "opaque", masterPrompt: "run B vintage" });
  });

  it("GET /api/admin/ai/test-runs – a bad page size → 422", async () => {
    const res = await call<ErrorBody>(runsRoute.GET, { path: "/api/admin/ai/test-runs?pageSize=500", cookie: await loginAs("admin") });
    expect(res.status).toBe(422);
    expect(res.body.errors?.pageSize).toBeDefined();
  });

  it("GET /api/admin/ai/test-runs/{runId} – an unknown run → 404", async () => {
    const res = await call<ErrorBody>(runRoute.GET, { params: { runId: "999999" }, cookie: await loginAs("admin") });
    expect(res.status).toBe(404);
  });
});

describe("actions on a result", () => {
  it("POST …/use-as-example – copies the image as a catalogue WebP, sets it on the prompt, deletes the unreferenced old one", async () => {
    const db = await getDb();
    const run = await freshRun({ promptId: slotPromptId });
    const result = run.results[0];
    // Give the prompt an example image of its own that nothing else uses.
    const [own] = await db
      .insert(images)
      .values({
        type: "CATALOGUE",
        storageKey: `catalogue/old-${Date.now()}.webp`,
        mimeType: "image/webp",
        width: 1,
        height: 1,
        sizeBytes: 1,
      })
      .returning();
    await db.update(prompts).set({ exampleImageId: own?.id }).where(eq(prompts.id, slotPromptId));

    const res = await call<{ promptId: number; exampleImage: { id: number; url: string; width: number; height: number } }>(
      exampleRoute.POST,
      {
        method: "POST",
        params: { runId: String(run.id), generationId: String(result?.generationId) },
        body: { promptId: slotPromptId },
        cookie: await loginAs("admin"),
      },
    );
    expect(res.status).toBe(200);
    const [prompt] = await db.select().from(prompts).where(eq(prompts.id, slotPromptId));
    expect(prompt?.exampleImageId).toBe(res.body.exampleImage.id);
    const [copy] = await db.select().from(images).where(eq(images.id, res.body.exampleImage.id));
    expect(copy).toMatchObject({ type: "CATALOGUE", ownerId: null, mimeType: "image/webp" });
    expect(copy?.id).not.toBe(result?.images[0]?.id);
    // Public: anyone can load a catalogue image.
    const img = await fetchImage(res.body.exampleImage.url);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/webp");
    // The old example image is gone; the generated image stays with its run.
    expect(await db.$count(images, eq(images.id, own?.id ?? 0))).toBe(0);
    expect(await db.$count(images, eq(images.id, result?.images[0]?.id ?? 0))).toBe(1);
  });

  it("POST …/use-as-example – bad rows: no promptId 422, unknown prompt 422, a result of another run 404, a failed result 404", async () => {
    const admin = await loginAs("admin");
    const run = await freshRun();
    const other = await freshRun();
    const gen = String(run.results[0]?.generationId);
    const post = (runId: number, generationId: string, body: unknown) =>
      call<ErrorBody>(exampleRoute.POST, { method: "POST", params: { runId: String(runId), generationId }, body, cookie: admin });

    const missing = await post(run.id, gen, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.promptId).toBe(en.validation.required);
    const unknown = await post(run.id, gen, { promptId: 999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.promptId).toBe(en.validation.unknownReference);
    expect((await post(other.id, gen, { promptId: slotPromptId })).status).toBe(404);

    const db = await getDb();
    const [failed] = await db
      .insert(generations)
      .values({
        testRunId: run.id,
        userId: adminId,
        provider: "openai",
        model: "gpt-image-1",
        promptText: "x",
        status: "FAILED",
        errorMessage: "failed: boom",
      })
      .returning({ id: generations.id });
    expect((await post(run.id, String(failed?.id), { promptId: slotPromptId })).status).toBe(404);
  });

  it("POST …/save-texts – the run's master prompt, style text and specific prompt become the prompt's style text", async () => {
    const db = await getDb();
    const [before] = await db.select().from(prompts).where(eq(prompts.id, archivedPromptId));
    const run = await freshRun({ promptId: archivedPromptId, masterPrompt: "Bold master", specificPrompt: "Keep the eyes" });
    const res = await call<{ promptId: number; styleText: string }>(saveTextsRoute.POST, {
      method: "POST",
      params: { runId: String(run.id) },
      body: {},
      cookie: await loginAs("admin"),
    });
    expect(res.status).toBe(200);
    const expected = composePromptText({
      masterPrompt: "Bold master",
      styleText: before?.styleText ?? "",
      slots: [],
      specificPrompt: "Keep the eyes",
    });
    expect(res.body).toEqual({ promptId: archivedPromptId, styleText: expected });
    const [after] = await db.select().from(prompts).where(eq(prompts.id, archivedPromptId));
    expect(after?.styleText).toBe(expected);
  });

  it("POST …/save-texts – into another prompt; bad rows: a run without a prompt and no promptId 422, unknown prompt 422, unknown run 404", async () => {
    const admin = await loginAs("admin");
    const run = await freshRun({ masterPrompt: "Only a master text", specificPrompt: "" });
    const post = (runId: number, body: unknown) =>
      call<ErrorBody & { styleText?: string }>(saveTextsRoute.POST, {
        method: "POST",
        params: { runId: String(runId) },
        body,
        cookie: admin,
      });

    const none = await post(run.id, {});
    expect(none.status).toBe(422);
    expect(none.body.errors?.promptId).toBe(en.validation.required);
    const unknown = await post(run.id, { promptId: 999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.promptId).toBe(en.validation.unknownReference);
    expect((await post(999_999, { promptId: slotPromptId })).status).toBe(404);

    const db = await getDb();
    const [target] = await db
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.archived, false), inArray(prompts.promptNumber, ["P-002"])));
    const ok = await post(run.id, { promptId: target?.id });
    expect(ok.status).toBe(200);
    expect(ok.body.styleText).toBe("Only a master text.");
  });
});
