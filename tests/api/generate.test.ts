import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as publicGenerate from "@/app/api/public/images/generate/route";
import * as userGenerate from "@/app/api/user/ai/images/generate/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import { getDb } from "@/db/client";
import { generations, images, prompts } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { getStorage } from "@/lib/integrations/storage";
import { activePromptAndMug, ownStorage } from "../helpers/generation";
import { call, cookieFor, loginAs } from "../helpers/api";
import { makeJpeg, photoForm } from "../helpers/images";

type Generated = {
  generationId: number;
  provider: string;
  offline: boolean;
  sourceImage: { id: number; url: string };
  images: { id: number; url: string; width: number; height: number }[];
};
type ErrorBody = { message: string; errors?: Record<string, string> };

let promptId: number;
let archivedPromptId: number;
let mugId: number;
let photo: Buffer;

beforeAll(async () => {
  ownStorage("shop-test-generate-");
  ({ promptId, mugId } = await activePromptAndMug());
  const [archived] = await (await getDb()).select().from(prompts).where(eq(prompts.archived, true)).limit(1);
  if (!archived) throw new Error("seed data");
  archivedPromptId = archived.id;
  photo = await makeJpeg(900, 600, { exif: true });
  // The test customers have paid no order: give new accounts the full allowance here (ai-money tests the small one).
  process.env.NEW_ACCOUNT_GENERATIONS_PER_HOUR = "1000";
  resetEnvCache();
});

afterEach(() => {
  delete process.env.GUEST_GENERATIONS_PER_HOUR;
  delete process.env.USER_GENERATIONS_PER_HOUR;
  resetEnvCache();
});

function storedFiles(): number {
  const root = process.env.STORAGE_DIR ?? "";
  const walk = (dir: string): number =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? walk(path.join(dir, e.name)) : 1), 0)
      : 0;
  return walk(root);
}

async function imageCount(): Promise<number> {
  return (await getDb()).$count(images);
}

const post = (route: typeof publicGenerate, form: FormData, opts: { cookie?: string; ip?: string } = {}) =>
  call<Generated & ErrorBody>(route.POST, {
    method: "POST",
    path: "/api/public/images/generate",
    body: form,
    cookie: opts.cookie,
    headers: opts.ip ? { "x-forwarded-for": opts.ip } : {},
  });

async function fetchImage(url: string, cookie?: string) {
  const u = new URL(url, "http://localhost");
  return call(imageRoute.GET, { path: u.pathname + u.search, params: { imageId: u.pathname.split("/").pop() ?? "" }, cookie });
}

describe("POST /api/public/images/generate", () => {
  it("an anonymous visitor gets a styled image from the offline provider, reachable only with its key", async () => {
    const res = await post(publicGenerate, photoForm(photo, { promptId, mugId, x: 100, y: 50, width: 600, height: 500 }), {
      ip: "203.0.113.10",
    });
    expect(res.status).toBe(200);
    expect(res.body.offline).toBe(true);
    expect(res.body.provider).toBe("offline");
    expect(res.body.images.length).toBeGreaterThan(0);
    const [first] = res.body.images;
    if (!first) throw new Error("one image");
    expect(first.url).toMatch(/^\/api\/images\/\d+\?key=[\w-]{40,}$/);

    const img = await fetchImage(first.url);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/webp");
    expect(img.headers.get("cache-control")).toContain("private");
    expect((await fetchImage(first.url.replace(/\?key=.*/, ""))).status).toBe(404);
    // Another key: its first character changed (to X, or to Y when it already was an X).
    expect((await fetchImage(first.url.replace(/key=(.)/, (_, c: string) => `key=${c === "X" ? "Y" : "X"}`))).status).toBe(404);

    // The stored upload is the crop, re-encoded without the photo's EXIF.
    const db = await getDb();
    const [source] = await db.select().from(images).where(eq(images.id, res.body.sourceImage.id));
    expect(source).toMatchObject({ type: "UPLOADED", ownerId: null, width: 600, height: 500, cropX: 100, cropY: 50 });
    const stored = source ? await getStorage().get(source.storageKey) : null;
    if (!stored) throw new Error("stored upload");
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("secret-owner"))).toBe(false);
    expect(photo.includes(Buffer.from("secret-owner"))).toBe(true);
    const [gen] = await db.select().from(generations).where(eq(generations.id, res.body.generationId));
    expect(gen).toMatchObject({ status: "SUCCEEDED", provider: "offline", promptId });
    expect(gen?.durationMs).toBeGreaterThanOrEqual(0);
    expect(gen?.promptText.length).toBeGreaterThan(10);
  });

  it("a signed-in guest's images belong to the guest account", async () => {
    const reg = await call((await import("@/app/api/auth/register/route")).POST, {
      method: "POST",
      body: { email: "guest-gen@example.com", guest: true },
    });
    const cookie = (reg.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const res = await post(publicGenerate, photoForm(photo, { promptId, mugId }), { cookie, ip: "203.0.113.11" });
    expect(res.status).toBe(200);
    const [first] = res.body.images;
    if (!first) throw new Error("one image");
    expect(first.url).toMatch(/^\/api\/images\/\d+$/);
    expect((await fetchImage(first.url, cookie)).status).toBe(200);
    expect((await fetchImage(first.url, await loginAs("other"))).status).toBe(404);
  });

  const bad: { title: string; form: () => Promise<FormData> | FormData; status: number; message: RegExp; field?: string }[] = [
    {
      title: "missing image",
      form: () => {
        const f = new FormData();
        f.set("promptId", "1");
        f.set("mugId", "1");
        return f;
      },
      status: 422,
      message: /Validation failed/,
      field: "image",
    },
    {
      title: "text behind a .jpg name",
      form: () => photoForm("hello, not an image", { promptId: 1, mugId: 1 }),
      status: 415,
      message: /Only PNG, JPEG, GIF or WEBP/,
    },
    {
      title: "SVG with a script",
      form: () =>
        photoForm(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
          { promptId: 1, mugId: 1 },
          "x.svg",
          "image/svg+xml",
        ),
      status: 415,
      message: /Only PNG, JPEG, GIF or WEBP/,
    },
    {
      title: "over 4 MB",
      form: async () => photoForm(Buffer.concat([await makeJpeg(100, 100), Buffer.alloc(4 * 1024 * 1024)]), { promptId: 1, mugId: 1 }),
      status: 413,
      message: /too large \(maximum 4 MB\)/,
    },
    {
      title: "crop outside the image",
      form: () => photoForm(photo, { promptId: 1, mugId: 1, x: 800, y: 0, width: 200, height: 100 }),
      status: 422,
      message: /crop area must lie within/,
    },
    {
      title: "partial crop",
      form: () => photoForm(photo, { promptId: 1, mugId: 1, x: 0, y: 0 }),
      status: 422,
      message: /Validation failed/,
      field: "crop",
    },
    { title: "promptId missing", form: () => photoForm(photo, { mugId: 1 }), status: 422, message: /Validation failed/, field: "promptId" },
    {
      title: "mugId not a number",
      form: () => photoForm(photo, { promptId: 1, mugId: "abc" }),
      status: 422,
      message: /Validation failed/,
      field: "mugId",
    },
  ];
  for (const row of bad) {
    it(`${row.title} → ${row.status}, nothing stored, nothing counted`, async () => {
      const [rowsBefore, filesBefore] = [await imageCount(), storedFiles()];
      const form = await row.form();
      // Real ids where the row does not test them.
      if (form.get("promptId") === "1") form.set("promptId", String(promptId));
      if (form.get("mugId") === "1") form.set("mugId", String(mugId));
      const res = await post(publicGenerate, form, { ip: "203.0.113.20" });
      expect(res.status).toBe(row.status);
      expect(res.body.message).toMatch(row.message);
      if (row.field) expect(res.body.errors?.[row.field]).toBeTruthy();
      expect(await imageCount()).toBe(rowsBefore);
      expect(storedFiles()).toBe(filesBefore);
    });
  }

  it("unknown or archived prompt → 404, unknown mug → 404 Invalid mug ID", async () => {
    const unknownPrompt = await post(publicGenerate, photoForm(photo, { promptId: 999999, mugId }));
    expect(unknownPrompt.status).toBe(404);
    expect((await post(publicGenerate, photoForm(photo, { promptId: archivedPromptId, mugId }))).status).toBe(404);
    const unknownMug = await post(publicGenerate, photoForm(photo, { promptId, mugId: 999999 }));
    expect(unknownMug.status).toBe(404);
    expect(unknownMug.body.message).toBe("Invalid mug ID");
  });

  it("a JSON body is refused with 415, never 500", async () => {
    const res = await call(publicGenerate.POST, { method: "POST", body: { promptId, mugId } });
    expect(res.status).toBe(415);
  });

  it("rate limit: N+1 concurrent guest requests → exactly N generate, the last gets the guest message; spoofed X-Forwarded-For entries do not reset it", async () => {
    process.env.GUEST_GENERATIONS_PER_HOUR = "3";
    resetEnvCache();
    const ip = "198.51.100.77";
    const results = await Promise.all([0, 1, 2, 3].map(() => post(publicGenerate, photoForm(photo, { promptId, mugId }), { ip })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = results.find((r) => r.status === 429);
    expect(limited?.body.message).toBe("Guests can generate only a few images per hour. Please try again in an hour.");
    expect(limited?.headers.get("retry-after")).toMatch(/^\d+$/);
    // A client prepending its own addresses is still counted under the address the proxy saw.
    const spoofed = await post(publicGenerate, photoForm(photo, { promptId, mugId }), { ip: `10.0.0.1, 1.2.3.4, ${ip}` });
    expect(spoofed.status).toBe(429);
    // Another client is unaffected.
    expect((await post(publicGenerate, photoForm(photo, { promptId, mugId }), { ip: "198.51.100.78" })).status).toBe(200);
  }, 60_000);
});

describe("POST /api/user/ai/images/generate", () => {
  it("access: anonymous 401, customer 200, admin 200", async () => {
    for (const [role, status] of [
      ["anonymous", 401],
      ["customer", 200],
      ["admin", 200],
    ] as const) {
      const res = await post(userGenerate, photoForm(photo, { promptId, mugId }), { cookie: await cookieFor(role) });
      expect(res.status, role).toBe(status);
    }
  });

  it("the customer's images are theirs: visible to them and admins, 404 for another customer", async () => {
    const cookie = await loginAs("customer");
    const res = await post(userGenerate, photoForm(photo, { promptId, mugId }), { cookie });
    expect(res.status).toBe(200);
    const [first] = res.body.images;
    if (!first) throw new Error("one image");
    expect((await fetchImage(first.url, cookie)).status).toBe(200);
    expect((await fetchImage(first.url, await loginAs("admin"))).status).toBe(200);
    expect((await fetchImage(first.url, await loginAs("other"))).status).toBe(404);
    expect((await fetchImage(first.url)).status).toBe(404);
  });

  it("signed-in users have their own limit and message", async () => {
    process.env.USER_GENERATIONS_PER_HOUR = "1";
    resetEnvCache();
    const cookie = await loginAs("other");
    expect((await post(userGenerate, photoForm(photo, { promptId, mugId }), { cookie })).status).toBe(200);
    const limited = await post(userGenerate, photoForm(photo, { promptId, mugId }), { cookie });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("You have reached your image generation limit. Please try again later.");
  });
});

describe("with a provider key configured the same call goes to that provider", () => {
  type Hit = { path: string; body: Buffer };
  async function fakeOpenAI(answer: (hit: Hit) => { status: number; json?: unknown } | "hang") {
    const http = await import("node:http");
    const hits: Hit[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const hit = { path: req.url ?? "", body: Buffer.concat(chunks) };
        hits.push(hit);
        const a = answer(hit);
        if (a === "hang") return;
        res.writeHead(a.status, { "content-type": "application/json" });
        res.end(JSON.stringify(a.json ?? { error: { message: "boom" } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    process.env.OPENAI_API_KEY = "sk-test-key";
    process.env.OPENAI_BASE_URL = `http://127.0.0.1:${port}/v1`;
    resetEnvCache();
    return {
      hits,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  async function useOpenAIForPrompt() {
    const db = await getDb();
    const { aiModels } = await import("@/db/schema");
    const [model] = await db.select().from(aiModels).where(eq(aiModels.provider, "openai"));
    if (!model) throw new Error("seeded openai model");
    await db.update(prompts).set({ llmId: model.id }).where(eq(prompts.id, promptId));
  }

  afterEach(async () => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    delete process.env.AI_TIMEOUT_MS;
    resetEnvCache();
  });

  it("success: the provider gets the photo and the assembled prompt; the answer is stored; the record names the provider", async () => {
    const answerPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const fake = await fakeOpenAI(() => ({ status: 200, json: { created: 1, data: [{ b64_json: answerPng.toString("base64") }] } }));
    try {
      await useOpenAIForPrompt();
      const res = await post(userGenerate, photoForm(photo, { promptId, mugId }), { cookie: await loginAs("customer") });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ provider: "openai", offline: false });
      expect(fake.hits).toHaveLength(1);
      const hit = fake.hits[0];
      expect(hit?.path).toBe("/v1/images/edits");
      const db = await getDb();
      const [gen] = await db.select().from(generations).where(eq(generations.id, res.body.generationId));
      expect(gen).toMatchObject({ status: "SUCCEEDED", provider: "openai", model: "gpt-image-1" });
      // The multipart request carries the prompt text and the (JPEG) photo.
      expect(hit?.body.includes(Buffer.from(gen?.promptText.slice(0, 40) ?? "-"))).toBe(true);
      expect(hit?.body.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it("a provider error → 502 'Failed to generate image', at most two calls, a FAILED record", async () => {
    const fake = await fakeOpenAI(() => ({ status: 500 }));
    try {
      await useOpenAIForPrompt();
      const res = await post(userGenerate, photoForm(photo, { promptId, mugId }), { cookie: await loginAs("customer") });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe("Failed to generate image. Please try again.");
      expect(fake.hits.length).toBeLessThanOrEqual(2);
      const db = await getDb();
      const [gen] = await db.select().from(generations).where(eq(generations.status, "FAILED")).limit(1);
      expect(gen?.errorMessage).toMatch(/^failed/);
    } finally {
      await fake.close();
    }
  });

  it("no answer within the deadline → 504 'The request timed out'", async () => {
    const fake = await fakeOpenAI(() => "hang");
    process.env.AI_TIMEOUT_MS = "400";
    resetEnvCache();
    try {
      await useOpenAIForPrompt();
      const res = await post(userGenerate, photoForm(photo, { promptId, mugId }), { cookie: await loginAs("customer") });
      expect(res.status).toBe(504);
      expect(res.body.message).toBe("The request timed out. Please try again.");
    } finally {
      await fake.close();
    }
  });

  it("an answer that is not an image → 502 'The server returned an invalid response'", async () => {
    const fake = await fakeOpenAI(() => ({
      status: 200,
      json: { created: 1, data: [{ b64_json: Buffer.from("<html>nope</html>").toString("base64") }] },
    }));
    try {
      await useOpenAIForPrompt();
      const res = await post(userGenerate, photoForm(photo, { promptId, mugId }), { cookie: await loginAs("customer") });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe("The server returned an invalid response. Please try again.");
    } finally {
      await fake.close();
    }
  });
});
