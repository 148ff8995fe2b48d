import sharp from "sharp";
import { afterEach, beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { prompts } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { GenerationError, type GenerateRequest } from "@/lib/integrations/ai/types";
import { assemblePrompt } from "@/lib/services/prompt-assembly";
import { closeFakeServers } from "./fake-provider";

export async function eventually(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const AI_ENV = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "GOOGLE_BASE_URL",
  "BFL_API_KEY",
  "BFL_BASE_URL",
] as const;

export function setEnv(vars: Partial<Record<(typeof AI_ENV)[number], string>>): void {
  for (const k of AI_ENV) delete process.env[k];
  Object.assign(process.env, vars);
  resetEnvCache();
}

export async function makePhoto(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6ab0f3"/><stop offset="1" stop-color="#f7e3b5"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.8}" cy="${height * 0.2}" r="${width * 0.08}" fill="#ffd84d"/>
    <ellipse cx="${width * 0.5}" cy="${height * 0.95}" rx="${width * 0.7}" ry="${height * 0.3}" fill="#3f8f4a"/>
    <ellipse cx="${width * 0.5}" cy="${height * 0.45}" rx="${width * 0.18}" ry="${height * 0.24}" fill="#d9a074"/>
    <circle cx="${width * 0.44}" cy="${height * 0.4}" r="${width * 0.02}" fill="#222"/>
    <circle cx="${width * 0.56}" cy="${height * 0.4}" r="${width * 0.02}" fill="#222"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

export let photo: Buffer;
export let answerPng: Buffer;
export let promptText: string;

export function setupProviderFixtures(): void {
  afterEach(async () => {
    setEnv({});
    await closeFakeServers();
  });

  beforeAll(async () => {
    photo = await makePhoto(640, 480);
    answerPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ff00aa" } })
      .png()
      .toBuffer();
    const db = await getDb();
    const [popArt] = await db.select({ id: prompts.id }).from(prompts).where(eq(prompts.promptNumber, "P-001"));
    if (!popArt) throw new Error("seeded prompt P-001 missing");
    promptText = (await assemblePrompt(popArt.id, { specificPrompt: "Add a red scarf" })).text;
  });
}

export function request(
  provider: GenerateRequest["model"]["provider"],
  modelId: string,
  settings: GenerateRequest["settings"] = {},
  signal = new AbortController().signal,
): GenerateRequest {
  return { model: { provider, modelId }, image: { data: photo, mimeType: "image/jpeg" }, prompt: promptText, settings, signal };
}

export async function failure(p: Promise<unknown>): Promise<GenerationError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(GenerationError);
    return err as GenerationError;
  }
  throw new Error("expected the generation to fail");
}

export const notAnImage = Buffer.from("<html><body>Service temporarily unavailable</body></html>");
