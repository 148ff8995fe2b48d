import { afterEach, describe, expect, it } from "vitest";
import * as vat from "@/app/api/admin/vat/route";
import * as login from "@/app/api/auth/login/route";
import * as adminImages from "@/app/api/admin/images/route";
import * as webhook from "@/app/api/webhooks/stripe/route";
import { resetEnvCache } from "@/lib/env";
import { call, loginAs } from "../helpers/api";
import { TEST_USERS } from "../helpers/test-db";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Vat = { id: number; name: string };

const KB = 1024;
const MB = 1024 * KB;
const CROSS_SITE = "Cross-site requests are not allowed";

/**
 * A body of `chunks` chunks of `chunkBytes` bytes, produced on demand (pull), with no Content-Length.
 * `pulled` counts the chunks handed out; `cancelled` tells whether the reader gave up early.
 */
function streamedBody(chunkBytes: number, chunks: number, prefix = "") {
  const state = { pulled: 0, cancelled: false };
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= chunks) return controller.close();
      const text = state.pulled === 0 ? prefix + "a".repeat(Math.max(0, chunkBytes - prefix.length)) : "a".repeat(chunkBytes);
      state.pulled++;
      controller.enqueue(encoder.encode(text));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** A streamed body with one chunk per given text (no Content-Length). */
function textStream(...parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = parts.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
}

async function send(
  handler: Handler,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: ReadableStream<Uint8Array> },
) {
  const req = new Request(url, {
    method: init.method ?? "POST",
    headers: { "accept-language": "en", ...init.headers },
    body: init.body,
    duplex: "half",
  } as RequestInit);
  const res = await handler(req, { params: Promise.resolve({}) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as { message?: string } & Record<string, unknown> };
}

async function vatNames(): Promise<string[]> {
  const res = await call<Vat[]>(vat.GET, { path: "/api/admin/vat", cookie: await loginAs("admin") });
  expect(res.status).toBe(200);
  return res.body.map((v) => v.name);
}

async function createVat(name: string, headers: Record<string, string>, url = "http://localhost/api/admin/vat") {
  const cookie = await loginAs("admin");
  return send(vat.POST, url, {
    headers: { "content-type": "application/json", cookie, ...headers },
    body: textStream(JSON.stringify({ name, percent: 7 })),
  });
}

afterEach(() => {
  delete process.env.AUTH_URL;
  resetEnvCache();
});

describe("JSON bodies need an exact application/json media type", () => {
  const refused = [
    "text/plain; x=application/json",
    "text/plain",
    "application/json-patch+json",
    "application/jsonx",
    "multipart/form-data; boundary=application/json",
    "",
  ];
  for (const type of refused) {
    it(`POST /api/admin/vat – content-type "${type}" → 415 and nothing created`, async () => {
      const name = `Type ${type}`;
      const res = await call(vat.POST, {
        method: "POST",
        path: "/api/admin/vat",
        body: { name, percent: 7 },
        headers: { "content-type": type },
        cookie: await loginAs("admin"),
      });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ message: "The request body must be JSON" });
      expect(await vatNames()).not.toContain(name);
    });
  }
  const accepted = [
    "application/json",
    "application/json; charset=utf-8",
    "Application/JSON; Charset=UTF-8",
    " application/json ;charset=utf-8",
  ];
  for (const type of accepted) {
    it(`POST /api/admin/vat – content-type "${type}" → 201`, async () => {
      const res = await call(vat.POST, {
        method: "POST",
        path: "/api/admin/vat",
        body: { name: `Accepted ${type}`, percent: 7 },
        headers: { "content-type": type },
        cookie: await loginAs("admin"),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    });
  }
});

describe("body limits are enforced while streaming (no Content-Length)", () => {
  it("POST /api/admin/vat – a streamed JSON body over 1 MB → 413 and the stream is cancelled, not read to its end", async () => {
    const { stream, state } = streamedBody(64 * KB, 40, '{"name":"'); // 2.5 MB
    const res = await send(vat.POST, "http://localhost/api/admin/vat", {
      headers: { "content-type": "application/json", cookie: await loginAs("admin") },
      body: stream,
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: "The request is too large" });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual((1 * MB) / (64 * KB) + 2);
  });

  it("POST /api/auth/login – a streamed JSON body over 1 MB → 413 and the stream is cancelled", async () => {
    const { stream, state } = streamedBody(64 * KB, 40, `{"email":"${TEST_USERS.customer.email}","password":"`);
    const res = await send(login.POST, "http://localhost/api/auth/login", {
      headers: { "content-type": "application/json" },
      body: stream,
    });
    expect(res.status).toBe(413);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(40);
  });

  it("POST /api/admin/vat – a streamed JSON body within the limit is still read whole → 201", async () => {
    const name = "Streamed in pieces";
    const cookie = await loginAs("admin");
    const res = await send(vat.POST, "http://localhost/api/admin/vat", {
      headers: { "content-type": "application/json", cookie },
      body: textStream('{"na', 'me":', JSON.stringify(name), ',"percent":', "7}"),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name });
  });

  it("POST /api/admin/images – a streamed multipart body over the upload limit → 413 and the stream is cancelled", async () => {
    const boundary = "----hardening";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="imageType"\r\n\r\nPROMPT_EXAMPLE\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
    const { stream, state } = streamedBody(256 * KB, 80, head); // 20 MB against 10 MB (+ envelope)
    const res = await send(adminImages.POST, "http://localhost/api/admin/images", {
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie: await loginAs("admin") },
      body: stream,
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: "The image is too large (maximum 10 MB)" });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(42 + 2);
  });

  it("POST /api/admin/images – a streamed multipart body within the limit is still parsed (bad image → 4xx, not 413)", async () => {
    const boundary = "----small";
    const body = textStream(
      `--${boundary}\r\nContent-Disposition: form-data; name="imageType"\r\n\r\nPROMPT_EXAMPLE\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n--${boundary}--\r\n`,
    );
    const res = await send(adminImages.POST, "http://localhost/api/admin/images", {
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie: await loginAs("admin") },
      body,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(413);
    expect(res.status).not.toBe(400); // the form itself parsed; the file is what is refused
  });

  it("POST /api/webhooks/stripe – a streamed event over 1 MB → 413 and the stream is cancelled", async () => {
    const { stream, state } = streamedBody(64 * KB, 40, '{"id":"evt_big","data":"');
    const res = await send(webhook.POST, "http://localhost/api/webhooks/stripe", {
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: stream,
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: "The request is too large" });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual((1 * MB) / (64 * KB) + 2);
  });
});

describe("state-changing API requests refuse cross-site callers", () => {
  it("POST /api/admin/vat – Origin https://evil.example with a valid admin cookie → 403 and nothing created", async () => {
    const res = await createVat("Evil origin", { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: CROSS_SITE });
    expect(await vatNames()).not.toContain("Evil origin");
  });

  it("POST /api/admin/vat – Origin null (sandboxed frame) → 403", async () => {
    const res = await createVat("Null origin", { origin: "null" });
    expect(res.status).toBe(403);
    expect(await vatNames()).not.toContain("Null origin");
  });

  it("POST /api/admin/vat – Origin of the same host on another port or scheme → 403", async () => {
    expect((await createVat("Other port", { origin: "http://localhost:4000" })).status).toBe(403);
    expect((await createVat("Other scheme", { origin: "https://localhost" })).status).toBe(403);
    expect(await vatNames()).not.toContain("Other port");
  });

  it("POST /api/admin/vat – Origin equal to the request's own origin → 201", async () => {
    const res = await createVat("Same origin", { origin: "http://localhost" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("POST /api/admin/vat – Origin equal to the Host the browser used (server bound to 127.0.0.1) → 201", async () => {
    const res = await createVat(
      "Host header origin",
      { origin: "http://localhost:3000", host: "localhost:3000" },
      "http://127.0.0.1:3000/api/admin/vat",
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const foreign = await createVat(
      "Host header mismatch",
      { origin: "http://evil.example:3000", host: "localhost:3000" },
      "http://127.0.0.1:3000/api/admin/vat",
    );
    expect(foreign.status).toBe(403);
  });

  it("POST /api/admin/vat – Origin equal to AUTH_URL's origin → 201", async () => {
    process.env.AUTH_URL = "http://shop.example:8080/";
    resetEnvCache();
    expect((await createVat("Configured origin", { origin: "http://shop.example:8080" })).status).toBe(201);
    expect((await createVat("Configured host other port", { origin: "http://shop.example:9090" })).status).toBe(403);
  });

  it("POST /api/admin/vat – Sec-Fetch-Site: cross-site (no Origin) → 403 and nothing created", async () => {
    const res = await createVat("Fetch cross-site", { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: CROSS_SITE });
    expect(await vatNames()).not.toContain("Fetch cross-site");
  });

  it("POST /api/admin/vat – Sec-Fetch-Site: same-origin → 201; neither header (non-browser client) → 201", async () => {
    expect((await createVat("Fetch same-origin", { "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await createVat("No browser headers", {})).status).toBe(201);
  });

  it("POST /api/auth/login – cross-site Origin → 403 (no login CSRF), German message for a German caller", async () => {
    const res = await call(login.POST, {
      method: "POST",
      path: "/api/auth/login",
      body: TEST_USERS.customer,
      headers: { origin: "https://evil.example", "accept-language": "de" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: "Seitenübergreifende Anfragen sind nicht erlaubt" });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("GET /api/admin/vat – a foreign Origin does not matter for reads → 200", async () => {
    const res = await call(vat.GET, {
      path: "/api/admin/vat",
      cookie: await loginAs("admin"),
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(200);
  });

  it("POST /api/webhooks/stripe – exempt: a foreign Origin is not refused as cross-site (signature decides)", async () => {
    const res = await call(webhook.POST, {
      method: "POST",
      path: "/api/webhooks/stripe",
      body: JSON.stringify({ id: "evt_x", type: "payment_intent.succeeded" }),
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "stripe-signature": "t=1,v1=00" },
    });
    expect(res.status).not.toBe(403);
    expect(res.body).not.toMatchObject({ message: CROSS_SITE });
  });
});
