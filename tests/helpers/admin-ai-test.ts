import sharp from "sharp";
import { afterEach, beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import * as testRoute from "@/app/api/admin/ai/test/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import { getDb } from "@/db/client";
import { aiModels, aiTestRuns, prompts, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { resetStorage } from "@/lib/integrations/storage";
import type { AiTestRunDto } from "@/lib/schemas/ai-test";
import { tempDir, TEST_USERS } from "./test-db";
import { call, loginAs } from "./api";
import { closeFakeServers, type Seen } from "./fake-provider";
import { makeJpeg, photoForm } from "./images";

export type ErrorBody = { message: string; errors?: Record<string, string> };

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

export function setEnv(vars: Partial<Record<(typeof AI_ENV)[number], string>>): void {
  for (const k of AI_ENV) delete process.env[k];
  Object.assign(process.env, vars);
  resetEnvCache();
}

export let photo: Buffer;
export let answerPng: Buffer;
export let adminId: number;
export const model: Record<"openai" | "google" | "flux" | "offline", number> = { openai: 0, google: 0, flux: 0, offline: 0 };
export let slotPromptId: number;
export let archivedPromptId: number;

export function setupAiTestFixtures(): void {
  afterEach(async () => {
    setEnv({});
    await closeFakeServers();
  });

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
}

export const postTest = async (form: FormData, opts: { cookie?: string; locale?: "en" | "de" } = {}) =>
  call<AiTestRunDto & ErrorBody>(testRoute.POST, {
    method: "POST",
    path: "/api/admin/ai/test",
    body: form,
    cookie: opts.cookie ?? (await loginAs("admin")),
    headers: { "accept-language": opts.locale ?? "en" },
  });

export function testForm(
  fields: Record<string, string | number>,
  providers: number[] = [model.offline],
  image: Buffer | null = photo,
): FormData {
  const form = image ? photoForm(image, fields) : new FormData();
  if (!image) for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  for (const id of providers) form.append("providers", String(id));
  return form;
}

export async function fetchImage(url: string, cookie?: string) {
  const u = new URL(url, "http://localhost");
  return call(imageRoute.GET, { path: u.pathname + u.search, params: { imageId: u.pathname.split("/").pop() ?? "" }, cookie });
}

export async function multipartFields(seen: Seen | undefined): Promise<FormData> {
  return new Request("http://x", {
    method: "POST",
    headers: { "content-type": String(seen?.headers["content-type"]) },
    body: new Uint8Array(seen?.body ?? Buffer.alloc(0)),
  }).formData();
}

export async function latestRunId(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: aiTestRuns.id }).from(aiTestRuns).orderBy(aiTestRuns.id).limit(1);
  if (row) return row.id;
  return (await freshRun()).id;
}

export async function freshRun(fields: Record<string, string | number> = {}): Promise<AiTestRunDto> {
  const res = await postTest(testForm({ masterPrompt: "A comic portrait", specificPrompt: "Add a red scarf", ...fields }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.results.every((r) => r.status === "SUCCEEDED")).toBe(true);
  return res.body;
}
