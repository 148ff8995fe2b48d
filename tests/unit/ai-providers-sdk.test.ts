import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generateWithDeadline } from "@/lib/integrations/ai/registry";
import { generationErrorToApiError } from "@/lib/integrations/ai/errors";
import { fakeServer, servers, type Reply, type Seen } from "../helpers/fake-provider";
import {
  answerPng,
  eventually,
  failure,
  notAnImage,
  photo,
  promptText,
  request,
  setEnv,
  setupProviderFixtures,
} from "../helpers/ai-providers";

setupProviderFixtures();

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
