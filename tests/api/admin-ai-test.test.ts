import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import * as testRoute from "@/app/api/admin/ai/test/route";
import * as runsRoute from "@/app/api/admin/ai/test-runs/route";
import * as runRoute from "@/app/api/admin/ai/test-runs/[runId]/route";
import * as exampleRoute from "@/app/api/admin/ai/test-runs/[runId]/results/[generationId]/use-as-example/route";
import * as saveTextsRoute from "@/app/api/admin/ai/test-runs/[runId]/save-texts/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import { getDb } from "@/db/client";
import { aiModels, aiTestRuns, generations, images, prompts, promptSlotVariants, slotTypes, slotVariants, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { resetStorage } from "@/lib/integrations/storage";
import { composePromptText } from "@/lib/domain/prompt-text";
import type { AiTestRunDto, AiTestRunPageDto } from "@/lib/schemas/ai-test";
import { assemblePrompt } from "@/lib/services/prompt-assembly";
import { peek } from "@/lib/services/rate-limit";
import en from "@/messages/en.json";
import de from "@/messages/de.json";
import { tempDir, TEST_USERS } from "../helpers/test-db";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { makeJpeg, photoForm } from "../helpers/images";

type ErrorBody = { message: string; errors?: Record<string, string> };

// ---------------------------------------------------------------------------------------------
// Local fake provider servers (as in tests/unit/ai-providers.test.ts): real HTTP on 127.0.0.1.

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}
type Reply = { status?: number; json?: unknown; body?: Buffer | string; headers?: Record<string, string>; delayMs?: number } | "hang";
interface FakeServer {
  base: string;
  requests: Seen[];
  close: () => Promise<void>;
}
const servers: FakeServer[] = [];

async function fakeServer(handle: (req: Seen, base: string) => Reply): Promise<FakeServer> {
  const requests: Seen[] = [];
  let base = "";
  const server = http.createServer(async (req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const seen: Seen = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks), at };
    requests.push(seen);
    const reply = handle(seen, base);
    if (reply === "hang") return;
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const headers = { ...reply.headers };
    let body: Buffer | string = reply.body ?? "";
    if (reply.json !== undefined) {
      body = JSON.stringify(reply.json);
      headers["content-type"] = "application/json";
    }
    if (res.destroyed) return;
    res.writeHead(reply.status ?? 200, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeServer = {
    base,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(fake);
  return fake;
}

const AI_ENV = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "GOOGLE_BASE_URL",
  "BFL_API_KEY",
  "BFL_BASE_URL",
  "AI_TIMEOUT_MS",
  "ADMIN_TEST_RUNS_PER_HOUR",
] as const;

function setEnv(vars: Partial<Record<(typeof AI_ENV)[number], string>>): void {
  for (const k of AI_ENV) delete process.env[k];
  Object.assign(process.env, vars);
  resetEnvCache();
}

afterEach(async () => {
  setEnv({});
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

// ---------------------------------------------------------------------------------------------

let photo: Buffer;
let answerPng: Buffer;
let adminId: number;
const model: Record<"openai" | "google" | "flux" | "offline", number> = { openai: 0, google: 0, flux: 0, offline: 0 };
/** Seeded P-001 (with slot variants) and an archived prompt. */
let slotPromptId: number;
let archivedPromptId: number;

beforeAll(async () => {
  process.env.STORAGE_DIR = tempDir("shop-test-ai-test-");
  resetStorage();
  setEnv({});
  photo = await makeJpeg(900, 600);
  answerPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ff00aa" } })
    .png()
    .toBuffer();
  const db = await getDb();
  for (const row of await db.select().from(aiModels)) {
    if (row.provider in model) model[row.provider] = row.id;
  }
  const [p1] = await db.select({ id: prompts.id }).from(prompts).where(eq(prompts.promptNumber, "P-001"));
  const [archived] = await db.select({ id: prompts.id }).from(prompts).where(eq(prompts.archived, true)).limit(1);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_USERS.admin.email));
  if (!p1 || !archived || !admin || Object.values(model).some((id) => !id)) throw new Error("seed data");
  slotPromptId = p1.id;
  archivedPromptId = archived.id;
  adminId = admin.id;
});

const postTest = async (form: FormData, opts: { cookie?: string; locale?: "en" | "de" } = {}) =>
  call<AiTestRunDto & ErrorBody>(testRoute.POST, {
    method: "POST",
    path: "/api/admin/ai/test",
    body: form,
    cookie: opts.cookie ?? (await loginAs("admin")),
    headers: { "accept-language": opts.locale ?? "en" },
  });

function testForm(fields: Record<string, string | number>, providers: number[] = [model.offline], image: Buffer | null = photo): FormData {
  const form = image ? photoForm(image, fields) : new FormData();
  if (!image) for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  for (const id of providers) form.append("providers", String(id));
  return form;
}

async function fetchImage(url: string, cookie?: string) {
  const u = new URL(url, "http://localhost");
  return call(imageRoute.GET, { path: u.pathname + u.search, params: { imageId: u.pathname.split("/").pop() ?? "" }, cookie });
}

async function multipartFields(seen: Seen | undefined): Promise<FormData> {
  return new Request("http://x", {
    method: "POST",
    headers: { "content-type": String(seen?.headers["content-type"]) },
    body: new Uint8Array(seen?.body ?? Buffer.alloc(0)),
  }).formData();
}

// ---------------------------------------------------------------------------------------------

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

async function latestRunId(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: aiTestRuns.id }).from(aiTestRuns).orderBy(aiTestRuns.id).limit(1);
  if (row) return row.id;
  return (await freshRun()).id;
}

/** A run on the offline model (no keys), checked to have succeeded. */
async function freshRun(fields: Record<string, string | number> = {}): Promise<AiTestRunDto> {
  const res = await postTest(testForm({ masterPrompt: "A comic portrait", specificPrompt: "Add a red scarf", ...fields }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.results.every((r) => r.status === "SUCCEEDED")).toBe(true);
  return res.body;
}

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
