import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as runRoute from "@/app/api/admin/ai/test-runs/[runId]/route";
import { getDb } from "@/db/client";
import { aiModels, aiTestRuns, generations, images, prompts, promptSlotVariants, slotTypes, slotVariants } from "@/db/schema";
import { composePromptText } from "@/lib/domain/prompt-text";
import type { AiTestRunDto } from "@/lib/schemas/ai-test";
import { assemblePrompt } from "@/lib/services/prompt-assembly";
import { peek } from "@/lib/services/rate-limit";
import en from "@/messages/en.json";
import de from "@/messages/de.json";
import { call, loginAs } from "../helpers/api";
import { fakeServer } from "../helpers/fake-provider";
import {
  adminId,
  answerPng,
  archivedPromptId,
  fetchImage,
  freshRun,
  model,
  multipartFields,
  postTest,
  setEnv,
  setupAiTestFixtures,
  slotPromptId,
  testForm,
} from "../helpers/admin-ai-test";

setupAiTestFixtures();

describe("POST /api/admin/ai/test – validation", () => {
  it('POST /api/admin/ai/test – a missing image → 422 "An image upload is required", nothing stored', async () => {
    const db = await getDb();
    const runsBefore = await db.$count(aiTestRuns);
    const res = await postTest(testForm({ masterPrompt: "pop art" }, [model.offline], null));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("An image upload is required");
    expect(res.body.errors?.image).toBe("An image upload is required");
    expect(await db.$count(aiTestRuns)).toBe(runsBefore);
  });

  it("POST /api/admin/ai/test – the missing image is reported in German too", async () => {
    const res = await postTest(testForm({ masterPrompt: "pop art" }, [model.offline], null), { locale: "de" });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(de.errors.testImageRequired);
  });

  const rows: { title: string; fields: Record<string, string | number>; providers?: () => number[]; field: string; message: string }[] = [
    {
      title: "no providers",
      fields: { masterPrompt: "x" },
      providers: () => [],
      field: "providers",
      message: en.validation.selectProviders,
    },
    {
      title: "a provider that is not a number",
      fields: { masterPrompt: "x", providers: "abc" },
      providers: () => [],
      field: "providers.0",
      message: en.validation.invalidValue,
    },
    {
      title: "an unknown provider",
      fields: { masterPrompt: "x" },
      providers: () => [model.offline, 999_999],
      field: "providers",
      message: en.validation.unknownReference,
    },
    {
      title: "more than four providers",
      fields: { masterPrompt: "x", providers: "1,2,3,4,5" },
      providers: () => [],
      field: "providers",
      message: en.validation.tooBig,
    },
    { title: "quality ultra", fields: { masterPrompt: "x", quality: "ultra" }, field: "quality", message: en.validation.invalidValue },
    { title: "size 800x600", fields: { masterPrompt: "x", size: "800x600" }, field: "size", message: en.validation.invalidValue },
    {
      title: "background green",
      fields: { masterPrompt: "x", background: "green" },
      field: "background",
      message: en.validation.invalidValue,
    },
    {
      title: "an unknown promptId",
      fields: { masterPrompt: "x", promptId: 999_999 },
      field: "promptId",
      message: en.validation.unknownReference,
    },
    { title: "no prompt text at all", fields: {}, field: "specificPrompt", message: en.validation.testPromptRequired },
    {
      title: "a master prompt over 8000 characters",
      fields: { masterPrompt: "x".repeat(8001) },
      field: "masterPrompt",
      message: en.validation.tooLong,
    },
  ];
  for (const row of rows) {
    it(`POST /api/admin/ai/test – ${row.title} → 422 ${row.field}: "${row.message}"`, async () => {
      const db = await getDb();
      const runsBefore = await db.$count(aiTestRuns);
      const res = await postTest(testForm(row.fields, row.providers ? row.providers() : [model.offline]));
      expect(res.status).toBe(422);
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect(await db.$count(aiTestRuns)).toBe(runsBefore);
    });
  }

  it("POST /api/admin/ai/test – an inactive model → 422 providers: unknown reference", async () => {
    const db = await getDb();
    const [inactive] = await db
      .insert(aiModels)
      .values({ provider: "openai", modelId: "retired-image-model", displayName: "Retired", capabilities: ["image-edit"], active: false })
      .returning();
    const res = await postTest(testForm({ masterPrompt: "x" }, [inactive?.id ?? 0]));
    expect(res.status).toBe(422);
    expect(res.body.errors?.providers).toBe(en.validation.unknownReference);
  });

  it("POST /api/admin/ai/test – text behind a .jpg name → 415, and it does not count against the limit", async () => {
    const key = { key: `ai-test:admin:${adminId}`, windowSeconds: 3600 };
    const before = await peek(key);
    const res = await postTest(testForm({ masterPrompt: "x" }, [model.offline], Buffer.from("hello, not an image")));
    expect(res.status).toBe(415);
    expect(await peek(key)).toBe(before);
  });
});

describe("POST /api/admin/ai/test – three providers through the real AI SDK", () => {
  it("POST /api/admin/ai/test – OpenAI answers, Google fails, Flux times out: each result on its own, the models asked in parallel", async () => {
    const openai = await fakeServer(() => ({
      delayMs: 600,
      json: {
        created: 1,
        data: [{ b64_json: answerPng.toString("base64") }],
        usage: { input_tokens: 500, output_tokens: 4000, total_tokens: 4500 },
      },
    }));
    const google = await fakeServer(() => ({
      status: 500,
      json: { error: { code: 500, message: "boom", status: "INTERNAL" } },
      headers: { "retry-after-ms": "10" },
    }));
    const flux = await fakeServer(() => "hang");
    setEnv({
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: `${openai.base}/v1`,
      GOOGLE_GENERATIVE_AI_API_KEY: "g-test",
      GOOGLE_BASE_URL: `${google.base}/v1beta`,
      BFL_API_KEY: "bfl-test",
      BFL_BASE_URL: `${flux.base}/v1`,
      AI_TIMEOUT_MS: "1500",
    });
    const started = Date.now();
    const res = await postTest(
      testForm(
        {
          masterPrompt: "A pop art portrait",
          specificPrompt: "Add a red scarf",
          quality: "high",
          size: "1024x1536",
          background: "transparent",
        },
        [model.openai, model.google, model.flux],
      ),
    );
    const elapsed = Date.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = res.body;
    expect(run.results.map((r) => r.aiModelId)).toEqual([model.openai, model.google, model.flux]);
    const [ok, failed, timedOut] = run.results;

    expect(ok).toMatchObject({
      status: "SUCCEEDED",
      provider: "openai",
      model: "gpt-image-1",
      error: null,
      offline: false,
      unsupportedSettings: [],
    });
    expect(ok?.images).toHaveLength(1);
    // 500 input tokens at $10/1M + 4000 output tokens at $40/1M = 16.5 cents.
    expect(ok?.costCents).toBeCloseTo(16.5, 6);
    expect(ok?.durationMs).toBeGreaterThanOrEqual(500);
    expect(failed).toMatchObject({
      status: "FAILED",
      provider: "google",
      images: [],
      error: en.errors.generationFailed,
      unsupportedSettings: ["quality", "background"],
    });
    expect(timedOut).toMatchObject({
      status: "FAILED",
      provider: "flux",
      images: [],
      error: en.errors.generationTimeout,
      unsupportedSettings: ["quality", "background"],
    });
    expect(timedOut?.durationMs).toBeGreaterThanOrEqual(1400);

    // Parallel: every provider was asked before OpenAI (600 ms) answered, and the whole run took about one deadline.
    const firstAsks = [openai, google, flux].map((s) => s.requests[0]?.at ?? Infinity);
    expect(Math.max(...firstAsks) - Math.min(...firstAsks)).toBeLessThan(500);
    expect(elapsed).toBeLessThan(1500 + 600 + 1500);

    // The settings as the SDK sends them to OpenAI (multipart /images/edits).
    const form = await multipartFields(openai.requests[0]);
    expect(openai.requests[0]?.path).toBe("/v1/images/edits");
    expect(form.get("quality")).toBe("high");
    expect(form.get("size")).toBe("1024x1536");
    expect(form.get("background")).toBe("transparent");
    expect(String(form.get("prompt")).replace(/\r\n/g, "\n")).toBe("A pop art portrait.\n\nAdd a red scarf.");
    // Google failed after one retry; its request carried the size as an aspect ratio.
    expect(google.requests).toHaveLength(2);
    const googleBody = JSON.parse(google.requests[0]?.body.toString("utf8") ?? "{}") as {
      generationConfig?: { imageConfig?: { aspectRatio?: string } };
    };
    expect(googleBody.generationConfig?.imageConfig?.aspectRatio).toBe("2:3");
    const fluxBody = JSON.parse(flux.requests[0]?.body.toString("utf8") ?? "{}") as { aspect_ratio?: string };
    expect(fluxBody.aspect_ratio).toBe("2:3");

    // Every result is a generation of this run, by the admin, with the exact text sent; images are GENERATED and the admin's.
    const db = await getDb();
    const rows = await db.select().from(generations).where(eq(generations.testRunId, run.id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({
        userId: adminId,
        promptText: "A pop art portrait.\n\nAdd a red scarf.",
        sourceImageId: run.sourceImage?.id,
      });
      expect(row.settings).toMatchObject({ quality: "high", size: "1024x1536", background: "transparent" });
    }
    expect(rows.find((r) => r.provider === "openai")).toMatchObject({ status: "SUCCEEDED", costMicroCents: 16_500_000 });
    expect(rows.find((r) => r.provider === "google")?.errorMessage).toMatch(/^failed:/);
    expect(rows.find((r) => r.provider === "flux")?.errorMessage).toMatch(/^timeout:/);
    const [stored] = await db
      .select()
      .from(images)
      .where(eq(images.id, ok?.images[0]?.id ?? 0));
    expect(stored).toMatchObject({ type: "GENERATED", ownerId: adminId, generationId: ok?.generationId, mimeType: "image/webp" });
    const [source] = await db
      .select()
      .from(images)
      .where(eq(images.id, run.sourceImage?.id ?? 0));
    expect(source).toMatchObject({ type: "UPLOADED", ownerId: adminId, mimeType: "image/jpeg" });

    // The admin can load the images by their URLs; a customer cannot.
    const admin = await loginAs("admin");
    expect((await fetchImage(ok?.images[0]?.url ?? "", admin)).status).toBe(200);
    expect((await fetchImage(run.sourceImage?.url ?? "", admin)).status).toBe(200);
    expect((await fetchImage(ok?.images[0]?.url ?? "", await loginAs("customer"))).status).toBe(404);
  });

  it("POST /api/admin/ai/test – an invalid answer is that provider's \"invalid response\", in the caller's language; the offline model still answers", async () => {
    const openai = await fakeServer(() => ({
      json: { created: 1, data: [{ b64_json: Buffer.from("<html>oops</html>").toString("base64") }] },
    }));
    setEnv({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${openai.base}/v1` });
    const res = await postTest(testForm({ masterPrompt: "A watercolour portrait", background: "opaque" }, [model.openai, model.offline]), {
      locale: "de",
    });
    expect(res.status).toBe(200);
    const [bad, offline] = res.body.results;
    expect(bad).toMatchObject({ status: "FAILED", provider: "openai", error: de.errors.generationInvalidResponse });
    expect(offline).toMatchObject({
      status: "SUCCEEDED",
      provider: "offline",
      offline: true,
      costCents: 0,
      unsupportedSettings: ["quality", "size", "background"],
    });
    // Reopened in English, the same result reads in English.
    const reopened = await call<AiTestRunDto>(runRoute.GET, { params: { runId: String(res.body.id) }, cookie: await loginAs("admin") });
    expect(reopened.body.results[0]?.error).toBe(en.errors.generationInvalidResponse);
  });

  it("POST /api/admin/ai/test – without keys every model runs on the offline provider, labelled offline, and reports what it cannot honour", async () => {
    const res = await postTest(
      testForm({ masterPrompt: "A pencil sketch", quality: "low", size: "1536x1024" }, [model.openai, model.google, model.offline]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toHaveLength(3);
    for (const r of res.body.results) {
      expect(r).toMatchObject({
        status: "SUCCEEDED",
        provider: "offline",
        model: "offline-style",
        offline: true,
        costCents: 0,
        error: null,
        unsupportedSettings: ["quality", "size"],
      });
      expect(r.images).toHaveLength(1);
      const img = await fetchImage(r.images[0]?.url ?? "", await loginAs("admin"));
      expect(img.status).toBe(200);
      expect(img.headers.get("content-type")).toBe("image/webp");
    }
    expect(res.body.results.map((r) => r.displayName)).toEqual([
      "OpenAI GPT Image",
      "Google Gemini 2.5 Flash Image",
      "Offline style filter (no AI)",
    ]);
    expect(res.body.settings).toEqual({
      providers: [model.openai, model.google, model.offline],
      quality: "low",
      size: "1536x1024",
      background: "auto",
      masterPrompt: "A pencil sketch",
      specificPrompt: "",
    });
  });
});

describe("POST /api/admin/ai/test – promptId", () => {
  it("POST /api/admin/ai/test – the prompt's style text and slot variants go between master and specific prompt", async () => {
    const db = await getDb();
    const [prompt] = await db.select().from(prompts).where(eq(prompts.id, slotPromptId));
    const slots = await db
      .select({ text: slotVariants.prompt, position: slotTypes.position })
      .from(promptSlotVariants)
      .innerJoin(slotVariants, eq(slotVariants.id, promptSlotVariants.slotVariantId))
      .innerJoin(slotTypes, eq(slotTypes.id, slotVariants.slotTypeId))
      .where(eq(promptSlotVariants.promptId, slotPromptId));
    expect(slots.length).toBeGreaterThan(0);
    const run = await freshRun({ promptId: slotPromptId, masterPrompt: "MASTER first", specificPrompt: "SPECIFIC last" });
    const text = run.results[0]?.promptText ?? "";
    expect(text).toBe(
      composePromptText({ masterPrompt: "MASTER first", styleText: prompt?.styleText ?? "", slots, specificPrompt: "SPECIFIC last" }),
    );
    // The same text the customer path assembles for this prompt with the same extras.
    expect(text).toBe((await assemblePrompt(slotPromptId, { masterPrompt: "MASTER first", specificPrompt: "SPECIFIC last" })).text);
    const at = (part: string) => text.indexOf(part.trim().slice(0, 30));
    expect(at("MASTER first")).toBe(0);
    expect(at(prompt?.styleText ?? "")).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(at(slot.text)).toBeGreaterThan(at(prompt?.styleText ?? ""));
      expect(at(slot.text)).toBeLessThan(at("SPECIFIC last"));
    }
    expect(run.prompt).toEqual({ id: slotPromptId, title: prompt?.title });
  });

  it("POST /api/admin/ai/test – an archived prompt can be tested", async () => {
    const run = await freshRun({ promptId: archivedPromptId });
    expect(run.prompt?.id).toBe(archivedPromptId);
  });
});

describe("POST /api/admin/ai/test – rate limit", () => {
  it("POST /api/admin/ai/test – over ADMIN_TEST_RUNS_PER_HOUR → 429, checked before the photo is decoded", async () => {
    await freshRun();
    setEnv({ ADMIN_TEST_RUNS_PER_HOUR: "1" });
    const db = await getDb();
    const runsBefore = await db.$count(aiTestRuns);
    // Not even an image: the limit answers first.
    const res = await postTest(testForm({ masterPrompt: "x" }, [model.offline], Buffer.from("not an image")));
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(en.errors.rateLimitTester);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.$count(aiTestRuns)).toBe(runsBefore);
  });
});
