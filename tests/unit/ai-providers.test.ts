import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { prompts } from "@/db/schema";
import { PROMPTS } from "@/db/seed-data";
import { resetEnvCache } from "@/lib/env";
import { generateWithDeadline, getImageModel } from "@/lib/integrations/ai/registry";
import {
  OFFLINE_STYLES,
  duotoneColours,
  offlineAdapter,
  pickOfflineStyle,
  stylePhoto,
  type OfflineStyle,
} from "@/lib/integrations/ai/offline";
import { generationErrorToApiError } from "@/lib/integrations/ai/errors";
import { GenerationError, type GenerateRequest } from "@/lib/integrations/ai/types";
import { assemblePrompt } from "@/lib/services/prompt-assembly";

// ---------------------------------------------------------------------------------------------
// A local fake provider: real HTTP on 127.0.0.1, random port; records requests and closed sockets.

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

type Reply = { status?: number; json?: unknown; body?: Buffer | string; headers?: Record<string, string> } | "hang";

interface FakeServer {
  base: string;
  requests: Seen[];
  closedSockets: () => number;
  close: () => Promise<void>;
}

const servers: FakeServer[] = [];

async function fakeServer(handle: (req: Seen, base: string) => Reply | Promise<Reply>): Promise<FakeServer> {
  const requests: Seen[] = [];
  let closed = 0;
  let base = "";
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const seen: Seen = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) };
    requests.push(seen);
    const reply = await handle(seen, base);
    if (reply === "hang") return; // never answers
    const headers = { ...reply.headers };
    let body: Buffer | string = reply.body ?? "";
    if (reply.json !== undefined) {
      body = JSON.stringify(reply.json);
      headers["content-type"] = "application/json";
    }
    res.writeHead(reply.status ?? 200, headers);
    res.end(body);
  });
  server.on("connection", (socket) => socket.on("close", () => closed++));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeServer = {
    base,
    requests,
    closedSockets: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(fake);
  return fake;
}

async function eventually(check: () => boolean, timeoutMs = 3000): Promise<void> {
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
// Pictures and the assembled prompt.

async function makePhoto(width: number, height: number): Promise<Buffer> {
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

let photo: Buffer;
/** The image the fake providers answer with. */
let answerPng: Buffer;
let promptText: string;

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

function request(
  provider: GenerateRequest["model"]["provider"],
  modelId: string,
  settings: GenerateRequest["settings"] = {},
  signal = new AbortController().signal,
): GenerateRequest {
  return { model: { provider, modelId }, image: { data: photo, mimeType: "image/jpeg" }, prompt: promptText, settings, signal };
}

async function failure(p: Promise<unknown>): Promise<GenerationError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(GenerationError);
    return err as GenerationError;
  }
  throw new Error("expected the generation to fail");
}

const notAnImage = Buffer.from("<html><body>Service temporarily unavailable</body></html>");

// ---------------------------------------------------------------------------------------------

describe("OpenAI gpt-image-1 through the AI SDK (POST /images/edits)", () => {
  async function configure(handle: Parameters<typeof fakeServer>[0]) {
    const server = await fakeServer(handle);
    setEnv({ OPENAI_API_KEY: "sk-test-openai", OPENAI_BASE_URL: `${server.base}/v1` });
    return server;
  }

  it("sends the photo, the assembled prompt and the settings as multipart, and returns the image bytes", async () => {
    const server = await configure(() => ({
      json: {
        created: 1,
        data: [{ b64_json: answerPng.toString("base64") }],
        usage: { input_tokens: 500, output_tokens: 4000, total_tokens: 4500 },
      },
    }));
    const result = await generateWithDeadline(
      request("openai", "gpt-image-1", { quality: "low", size: "1024x1536", background: "opaque" }),
      5000,
    );

    expect(server.requests).toHaveLength(1);
    const seen = server.requests[0];
    expect(seen?.method).toBe("POST");
    expect(seen?.path).toBe("/v1/images/edits");
    expect(seen?.headers.authorization).toBe("Bearer sk-test-openai");
    const form = await new Request("http://x", {
      method: "POST",
      headers: { "content-type": String(seen?.headers["content-type"]) },
      body: new Uint8Array(seen?.body ?? Buffer.alloc(0)),
    }).formData();
    expect(form.get("model")).toBe("gpt-image-1");
    // Multipart encoding sends line breaks of text fields as CRLF.
    expect(String(form.get("prompt")).replace(/\r\n/g, "\n")).toBe(promptText);
    expect(form.get("quality")).toBe("low");
    expect(form.get("size")).toBe("1024x1536");
    expect(form.get("background")).toBe("opaque");
    const image = form.get("image");
    expect(image).toBeInstanceOf(Blob);
    expect(Buffer.from(await (image as Blob).arrayBuffer()).equals(photo)).toBe(true);

    expect(result.provider).toBe("openai");
    expect(result.modelId).toBe("gpt-image-1");
    expect(result.images).toHaveLength(1);
    expect(result.images[0]?.mimeType).toBe("image/png");
    expect(result.images[0]?.data.equals(answerPng)).toBe(true);
    // 500 input tokens at $10/1M + 4000 output tokens at $40/1M = $0.165 = 16.5 cents.
    expect(result.costMicroCents).toBe(16_500_000);
  });

  it("no answer before the deadline → timeout, and the connection is closed", async () => {
    const server = await configure(() => "hang");
    const err = await failure(generateWithDeadline(request("openai", "gpt-image-1"), 300));
    expect(err.kind).toBe("timeout");
    await eventually(() => server.closedSockets() >= 1);
    expect(server.requests).toHaveLength(1);
    expect(generationErrorToApiError(err)).toMatchObject({ status: 504, key: "errors.generationTimeout" });
  });

  it("5xx → failed, after at most one retry", async () => {
    const server = await configure(() => ({
      status: 500,
      json: { error: { message: "boom", type: "server_error" } },
      headers: { "retry-after-ms": "10" },
    }));
    const err = await failure(generateWithDeadline(request("openai", "gpt-image-1"), 5000));
    expect(err.kind).toBe("failed");
    expect(server.requests).toHaveLength(2);
    expect(generationErrorToApiError(err)).toMatchObject({ status: 502, key: "errors.generationFailed" });
  });

  it("200 with data that is not an image → invalid", async () => {
    const server = await configure(() => ({ json: { created: 1, data: [{ b64_json: notAnImage.toString("base64") }] } }));
    const err = await failure(generateWithDeadline(request("openai", "gpt-image-1"), 5000));
    expect(err.kind).toBe("invalid");
    expect(server.requests).toHaveLength(1);
    expect(generationErrorToApiError(err)).toMatchObject({ status: 502, key: "errors.generationInvalidResponse" });
  });

  it("200 with a truncated PNG → invalid", async () => {
    const big = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    await configure(() => ({ json: { created: 1, data: [{ b64_json: big.subarray(0, big.length >> 1).toString("base64") }] } }));
    const err = await failure(generateWithDeadline(request("openai", "gpt-image-1"), 5000));
    expect(err.kind).toBe("invalid");
  });

  it("200 with an HTML page instead of JSON → invalid, not retried", async () => {
    const server = await configure(() => ({ body: notAnImage, headers: { "content-type": "text/html" } }));
    const err = await failure(generateWithDeadline(request("openai", "gpt-image-1"), 5000));
    expect(err.kind).toBe("invalid");
    expect(server.requests).toHaveLength(1);
  });

  it("an unreachable endpoint → failed", async () => {
    const server = await fakeServer(() => "hang");
    const base = server.base;
    await server.close();
    servers.splice(0);
    setEnv({ OPENAI_API_KEY: "sk-test-openai", OPENAI_BASE_URL: `${base}/v1` });
    const err = await failure(generateWithDeadline(request("openai", "gpt-image-1"), 10_000));
    expect(err.kind).toBe("failed");
  });
});

describe("Google gemini-2.5-flash-image through the AI SDK (generateContent)", () => {
  async function configure(handle: Parameters<typeof fakeServer>[0]) {
    const server = await fakeServer(handle);
    setEnv({ GOOGLE_GENERATIVE_AI_API_KEY: "g-test-key", GOOGLE_BASE_URL: `${server.base}/v1beta` });
    return server;
  }
  const imageAnswer = (data: string) => ({
    candidates: [{ content: { role: "model", parts: [{ inlineData: { mimeType: "image/png", data } }] }, finishReason: "STOP" }],
    usageMetadata: { promptTokenCount: 300, candidatesTokenCount: 1290, totalTokenCount: 1590 },
  });

  it("sends the photo inline with the assembled prompt and returns the image bytes", async () => {
    const server = await configure(() => ({ json: imageAnswer(answerPng.toString("base64")) }));
    const result = await generateWithDeadline(request("google", "gemini-2.5-flash-image", { size: "1536x1024" }), 5000);

    expect(server.requests).toHaveLength(1);
    const seen = server.requests[0];
    expect(seen?.path).toBe("/v1beta/models/gemini-2.5-flash-image:generateContent");
    expect(seen?.headers["x-goog-api-key"]).toBe("g-test-key");
    const body = JSON.parse(seen?.body.toString("utf8") ?? "{}") as {
      contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
      generationConfig: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } };
    };
    const parts = body.contents[0]?.parts ?? [];
    expect(parts.find((p) => p.text)?.text).toBe(promptText);
    const inline = parts.find((p) => p.inlineData)?.inlineData;
    expect(inline?.mimeType).toBe("image/jpeg");
    expect(inline?.data).toBe(photo.toString("base64"));
    expect(body.generationConfig.responseModalities).toEqual(["IMAGE"]);
    expect(body.generationConfig.imageConfig?.aspectRatio).toBe("3:2");

    expect(result.provider).toBe("google");
    expect(result.images[0]?.data.equals(answerPng)).toBe(true);
    expect(result.images[0]?.mimeType).toBe("image/png");
    // 1290 output tokens at $30/1M + 300 input tokens at $0.30/1M ≈ $0.0388.
    expect(result.costMicroCents).toBe(Math.round(((1290 * 30 + 300 * 0.3) / 1_000_000) * 1e8));
  });

  it("no answer before the deadline → timeout, and the connection is closed", async () => {
    const server = await configure(() => "hang");
    const err = await failure(generateWithDeadline(request("google", "gemini-2.5-flash-image"), 300));
    expect(err.kind).toBe("timeout");
    await eventually(() => server.closedSockets() >= 1);
  });

  it("5xx → failed, after at most one retry", async () => {
    const server = await configure(() => ({
      status: 503,
      json: { error: { code: 503, message: "overloaded", status: "UNAVAILABLE" } },
      headers: { "retry-after-ms": "10" },
    }));
    const err = await failure(generateWithDeadline(request("google", "gemini-2.5-flash-image"), 5000));
    expect(err.kind).toBe("failed");
    expect(server.requests).toHaveLength(2);
  });

  it("200 with inline data that is not an image → invalid", async () => {
    const server = await configure(() => ({ json: imageAnswer(notAnImage.toString("base64")) }));
    const err = await failure(generateWithDeadline(request("google", "gemini-2.5-flash-image"), 5000));
    expect(err.kind).toBe("invalid");
    expect(server.requests).toHaveLength(1);
  });

  it("200 with text only (no image part) → invalid, after at most one retry", async () => {
    const server = await configure(() => ({
      json: { candidates: [{ content: { role: "model", parts: [{ text: "I cannot do that." }] }, finishReason: "STOP" }] },
    }));
    const err = await failure(generateWithDeadline(request("google", "gemini-2.5-flash-image"), 10_000));
    expect(err.kind).toBe("invalid");
    expect(server.requests.length).toBeLessThanOrEqual(2);
  });
});

describe("Black Forest Labs flux-kontext-pro through the AI SDK (submit, poll, download)", () => {
  async function configure(handle: Parameters<typeof fakeServer>[0]) {
    const server = await fakeServer(handle);
    setEnv({ BFL_API_KEY: "bfl-test-key", BFL_BASE_URL: `${server.base}/v1` });
    return server;
  }

  /** submit → polling URL on the fake; polls answer Pending once, then Ready with a sample URL. */
  function bflFlow(opts: { poll?: "hang"; sample?: Buffer } = {}) {
    let polls = 0;
    return (req: Seen, base: string): Reply => {
      if (req.method === "POST" && req.path === "/v1/flux-kontext-pro") {
        return { json: { id: "task-1", polling_url: `${base}/v1/get_result?id=task-1`, cost: 4 } };
      }
      if (req.method === "GET" && req.path.startsWith("/v1/get_result")) {
        if (opts.poll === "hang") return "hang";
        polls++;
        return polls < 2
          ? { json: { id: "task-1", status: "Pending" } }
          : { json: { id: "task-1", status: "Ready", result: { sample: `${base}/samples/task-1.png` } } };
      }
      if (req.method === "GET" && req.path === "/samples/task-1.png") {
        return { body: opts.sample ?? answerPng, headers: { "content-type": "image/png" } };
      }
      return { status: 404, json: { detail: "not found" } };
    };
  }

  it("submits the photo and prompt, polls the URL from the answer, and downloads the image", async () => {
    const server = await configure(bflFlow());
    const result = await generateWithDeadline(request("flux", "flux-kontext-pro", { size: "1024x1536" }), 10_000);

    const submit = server.requests[0];
    expect(submit?.method).toBe("POST");
    expect(submit?.path).toBe("/v1/flux-kontext-pro");
    expect(submit?.headers["x-key"]).toBe("bfl-test-key");
    const body = JSON.parse(submit?.body.toString("utf8") ?? "{}") as { prompt?: string; input_image?: string; aspect_ratio?: string };
    expect(body.prompt).toBe(promptText);
    expect(body.input_image).toBe(photo.toString("base64"));
    expect(body.aspect_ratio).toBe("2:3");

    const polls = server.requests.filter((r) => r.path.startsWith("/v1/get_result"));
    expect(polls).toHaveLength(2);
    expect(polls[0]?.path).toBe("/v1/get_result?id=task-1");
    expect(server.requests.at(-1)?.path).toBe("/samples/task-1.png");

    expect(result.provider).toBe("flux");
    expect(result.images[0]?.data.equals(answerPng)).toBe(true);
    // The answer reported 4 credits of $0.01.
    expect(result.costMicroCents).toBe(4_000_000);
  });

  it("no poll answer before the deadline → timeout, and the connection is closed", async () => {
    const server = await configure(bflFlow({ poll: "hang" }));
    const err = await failure(generateWithDeadline(request("flux", "flux-kontext-pro"), 400));
    expect(err.kind).toBe("timeout");
    await eventually(() => server.closedSockets() >= 1);
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "GET"]);
  });

  it("5xx on submit → failed, after at most one retry", async () => {
    const server = await configure(() => ({ status: 502, json: { detail: "upstream error" }, headers: { "retry-after-ms": "10" } }));
    const err = await failure(generateWithDeadline(request("flux", "flux-kontext-pro"), 5000));
    expect(err.kind).toBe("failed");
    expect(server.requests).toHaveLength(2);
  });

  it("a sample that is not an image → invalid", async () => {
    await configure(bflFlow({ sample: notAnImage }));
    const err = await failure(generateWithDeadline(request("flux", "flux-kontext-pro"), 10_000));
    expect(err.kind).toBe("invalid");
  });
});

describe("registry", () => {
  it("a provider without a key falls back to the offline provider, and the result says so", async () => {
    setEnv({});
    for (const provider of ["openai", "google", "flux"] as const) {
      expect(getImageModel({ provider, modelId: "x" })).toBe(offlineAdapter);
    }
    const result = await generateWithDeadline(request("openai", "gpt-image-1"), 10_000);
    expect(result).toMatchObject({ provider: "offline", modelId: "offline-style", costMicroCents: 0 });
    expect(result.images).toHaveLength(1);
  });

  it("the caller's abort ends the call at once as a timeout", async () => {
    const server = await fakeServer(() => "hang");
    setEnv({ OPENAI_API_KEY: "sk-test-openai", OPENAI_BASE_URL: `${server.base}/v1` });
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 100);
    const err = await failure(generateWithDeadline(request("openai", "gpt-image-1", {}, caller.signal), 10_000));
    expect(err.kind).toBe("timeout");
    await eventually(() => server.closedSockets() >= 1);
  });
});

// ---------------------------------------------------------------------------------------------

function seededPromptText(promptNumber: string): string {
  return PROMPTS.find((p) => p.promptNumber === promptNumber)?.styleText ?? "";
}

describe("offline provider", () => {
  const styleOf: Record<string, OfflineStyle> = {
    "P-001": "pop-art",
    "P-002": "pencil",
    "P-003": "watercolour",
    "P-004": "duotone",
    "P-005": "comic",
    "P-006": "vintage",
  };

  it("picks the style from the prompt text (each seeded prompt gets its own), deterministically otherwise", () => {
    for (const p of PROMPTS) {
      const expected = styleOf[p.promptNumber];
      if (expected) expect(pickOfflineStyle(p.styleText)).toBe(expected);
    }
    expect(pickOfflineStyle("Ein Aquarell mit weichen Farben")).toBe("watercolour");
    // The duotone prompt's colour words: "deep navy blue for shadows and warm coral pink" → navy and coral.
    expect(duotoneColours(seededPromptText("P-004"), 0)).toEqual([
      [20, 33, 77],
      [255, 127, 102],
    ]);
    const neon = "Glowing neon tubes on a dark brick wall";
    expect(OFFLINE_STYLES).toContain(pickOfflineStyle(neon));
    expect(pickOfflineStyle(neon)).toBe(pickOfflineStyle(neon));
  });

  it("each style decodes, is print size: 2400 px on the long side (small photos upscaled), and looks different", async () => {
    const small = await makePhoto(400, 300);
    const thumbs = new Map<OfflineStyle, Buffer>();
    const outputs = new Map<OfflineStyle, Buffer>();
    for (const style of OFFLINE_STYLES) {
      const out = await stylePhoto({ data: small, mimeType: "image/jpeg" }, "any", { style });
      const meta = await sharp(out.data).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.width).toBe(2400);
      expect(meta.height).toBe(1800);
      outputs.set(style, out.data);
      thumbs.set(style, await sharp(out.data).resize(32, 24, { fit: "fill" }).removeAlpha().raw().toBuffer());
    }
    const original = await sharp(small).resize(32, 24, { fit: "fill" }).removeAlpha().raw().toBuffer();
    const distance = (a: Buffer, b: Buffer) => {
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
      return sum / a.length;
    };
    for (const [style, thumb] of thumbs) {
      expect(distance(thumb, original), `${style} vs the photo`).toBeGreaterThan(8);
      for (const [other, otherThumb] of thumbs) {
        if (other !== style) expect(distance(thumb, otherThumb), `${style} vs ${other}`).toBeGreaterThan(8);
      }
    }
    // A mean-colour check too: pencil on paper is light and nearly grey, pop art is saturated.
    const spread = async (style: OfflineStyle) => {
      const { channels } = await sharp(outputs.get(style) ?? Buffer.alloc(0)).stats();
      const means = channels.map((c) => c.mean);
      return Math.max(...means) - Math.min(...means);
    };
    expect(await spread("pencil")).toBeLessThan(await spread("pop-art"));
  }, 120_000); // six print-size (2400 px) pictures

  it("is deterministic for the same photo and prompt, and the adapter labels itself offline", async () => {
    const req = { ...request("offline", "offline-style"), prompt: "A watercolour portrait" };
    const a = await offlineAdapter.generate(req);
    const b = await offlineAdapter.generate(req);
    expect(a.provider).toBe("offline");
    expect(a.modelId).toBe("offline-style");
    expect(a.images[0]?.data.equals(b.images[0]?.data ?? Buffer.alloc(0))).toBe(true);
    const two = await offlineAdapter.generate({ ...req, settings: { n: 2, size: "1536x1024" } });
    expect(two.images).toHaveLength(2);
    expect(two.images[0]?.data.equals(two.images[1]?.data ?? Buffer.alloc(0))).toBe(false);
    // A requested size smaller than print size still gets print size; a larger one is honoured.
    expect((await sharp(two.images[0]?.data ?? Buffer.alloc(0)).metadata()).width).toBe(2400);
  }, 120_000); // four print-size (2400 px) pictures
});
