import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { EMPTY_PAYLOAD_SHA256, S3Error, objectUrl, signRequest } from "@/lib/integrations/s3";
import { LocalStorage, S3Storage, getStorage, newStorageKey, resetStorage, type StorageAdapter } from "@/lib/integrations/storage";

// ---------------------------------------------------------------------------------------------------
// An independent AWS Signature V4 implementation, written from the verifier's side and following the
// S3 spec (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html). It shares no
// code with lib/integrations/s3.ts and is itself pinned to the spec's published example signatures.
// ---------------------------------------------------------------------------------------------------

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmacSha256 = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/** UriEncode() of the spec: byte by byte, unreserved characters kept, everything else %XX in upper case. */
function awsUriEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

interface ToVerify {
  secret: string;
  region: string;
  method: string;
  /** The request target as sent on the wire (path and optional query). */
  target: string;
  /** Lower-case header names to values. */
  headers: Record<string, string>;
  signedHeaders: string[];
  payloadHash: string;
  amzDate: string;
}

function expectedSignature(r: ToVerify): string {
  const [rawPath = "", rawQuery = ""] = r.target.split("?", 2);
  const canonicalUri = rawPath
    .split("/")
    .map((segment) => awsUriEncode(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = rawQuery
    ? rawQuery
        .split("&")
        .map((pair) => {
          const [k = "", v = ""] = pair.split("=", 2);
          return `${awsUriEncode(decodeURIComponent(k))}=${awsUriEncode(decodeURIComponent(v))}`;
        })
        .sort()
        .join("&")
    : "";
  let canonicalHeaders = "";
  for (const name of r.signedHeaders) canonicalHeaders += `${name}:${(r.headers[name] ?? "").trim().replace(/ +/g, " ")}\n`;
  const canonicalRequest = `${r.method}\n${canonicalUri}\n${canonicalQuery}\n${canonicalHeaders}\n${r.signedHeaders.join(";")}\n${r.payloadHash}`;

  const day = r.amzDate.slice(0, 8);
  const stringToSign = `AWS4-HMAC-SHA256\n${r.amzDate}\n${day}/${r.region}/s3/aws4_request\n${sha256Hex(canonicalRequest)}`;
  let key = hmacSha256(`AWS4${r.secret}`, day);
  for (const part of [r.region, "s3", "aws4_request"]) key = hmacSha256(key, part);
  return createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
}

// The spec's example credentials and requests (Fri, 24 May 2013 00:00:00 GMT, us-east-1).
const AWS_EXAMPLE = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  amzDate: "20130524T000000Z",
  host: "examplebucket.s3.amazonaws.com",
};
const AWS_GET_SIGNATURE = "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41";
const AWS_PUT_BODY = "Welcome to Amazon S3.";
const AWS_PUT_SIGNATURE = "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd";
const ACCESS_KEY_ID_FOR_SIGNING = "AKIDSIGNINGTEST";

describe("SigV4 against the spec's published examples", () => {
  it("the test's own verifier reproduces them (GET object with Range, PUT object with a $ in the key)", () => {
    const get = expectedSignature({
      secret: AWS_EXAMPLE.secretAccessKey,
      region: "us-east-1",
      method: "GET",
      target: "/test.txt",
      headers: {
        host: AWS_EXAMPLE.host,
        range: "bytes=0-9",
        "x-amz-content-sha256": EMPTY_PAYLOAD_SHA256,
        "x-amz-date": AWS_EXAMPLE.amzDate,
      },
      signedHeaders: ["host", "range", "x-amz-content-sha256", "x-amz-date"],
      payloadHash: sha256Hex(""),
      amzDate: AWS_EXAMPLE.amzDate,
    });
    expect(get).toBe(AWS_GET_SIGNATURE);
    const put = expectedSignature({
      secret: AWS_EXAMPLE.secretAccessKey,
      region: "us-east-1",
      method: "PUT",
      target: "/test$file.text",
      headers: {
        date: "Fri, 24 May 2013 00:00:00 GMT",
        host: AWS_EXAMPLE.host,
        "x-amz-content-sha256": sha256Hex(AWS_PUT_BODY),
        "x-amz-date": AWS_EXAMPLE.amzDate,
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
      },
      signedHeaders: ["date", "host", "x-amz-content-sha256", "x-amz-date", "x-amz-storage-class"],
      payloadHash: sha256Hex(AWS_PUT_BODY),
      amzDate: AWS_EXAMPLE.amzDate,
    });
    expect(put).toBe(AWS_PUT_SIGNATURE);
  });

  it("the adapter's signer reproduces them", async () => {
    const now = new Date("2013-05-24T00:00:00Z");
    const credentials = { accessKeyId: AWS_EXAMPLE.accessKeyId, secretAccessKey: AWS_EXAMPLE.secretAccessKey };
    const get = await signRequest({
      method: "GET",
      url: new URL(`https://${AWS_EXAMPLE.host}/test.txt`),
      headers: { Range: "bytes=0-9" },
      payloadHash: EMPTY_PAYLOAD_SHA256,
      region: "us-east-1",
      credentials,
      now,
    });
    expect(get.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=${AWS_GET_SIGNATURE}`,
    );
    expect(get["x-amz-date"]).toBe(AWS_EXAMPLE.amzDate);
    expect(get.host).toBeUndefined(); // derived from the URL by the HTTP client

    const put = await signRequest({
      method: "PUT",
      url: new URL(`https://${AWS_EXAMPLE.host}/test$file.text`),
      headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
      payloadHash: sha256Hex(AWS_PUT_BODY),
      region: "us-east-1",
      credentials,
      now,
    });
    expect(put.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=${AWS_PUT_SIGNATURE}`,
    );
  });
});

describe("SigV4 of the adapter's requests, re-verified independently", () => {
  const credentials = { accessKeyId: ACCESS_KEY_ID_FOR_SIGNING, secretAccessKey: "s3cr3t/with+symbols=" };
  const now = new Date("2026-03-01T12:34:56Z");

  /** Signs with the adapter and checks the Authorization header against the verifier above. */
  async function verify(url: URL, region: string, method: string, headers: Record<string, string>, body: string) {
    const payloadHash = sha256Hex(body);
    const sent = await signRequest({ method, url, headers, payloadHash, region, credentials, now });
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        sent.authorization ?? "",
      );
    if (!auth) throw new Error(`malformed Authorization: ${sent.authorization}`);
    const [, keyId, day, signedRegion, signedList = "", signature] = auth;
    expect([keyId, day, signedRegion]).toEqual([credentials.accessKeyId, "20260301", region]);
    const signedHeaders = signedList.split(";");
    // Everything sent is signed (content-type included), host is signed as url.host and not sent.
    expect(signedHeaders).toEqual(["host", ...Object.keys(sent).filter((n) => n !== "authorization")].sort());
    expect(sent.host).toBeUndefined();
    expect(sent["x-amz-content-sha256"]).toBe(payloadHash);
    const expected = expectedSignature({
      secret: credentials.secretAccessKey,
      region,
      method,
      target: `${url.pathname}${url.search}`,
      headers: { ...sent, host: url.host },
      signedHeaders,
      payloadHash,
      amzDate: "20260301T123456Z",
    });
    expect(signature).toBe(expected);
  }

  it("R2: region auto, virtual-hosted URL on a custom endpoint, PUT with a content type", async () => {
    const url = objectUrl(
      { bucket: "shop-bucket", region: "auto", endpoint: "https://acct.r2.cloudflarestorage.com", forcePathStyle: false },
      "pre/images/a.webp",
    );
    await verify(url, "auto", "PUT", { "content-type": "image/webp" }, "webp bytes");
  });

  it("AWS default endpoint (virtual-hosted) and a path-style endpoint with a port and a base path", async () => {
    await verify(
      objectUrl({ bucket: "shop-bucket", region: "eu-central-1", forcePathStyle: false }, "images/a.webp"),
      "eu-central-1",
      "GET",
      {},
      "",
    );
    const behindProxy = objectUrl(
      { bucket: "shop-bucket", region: "us-east-1", endpoint: "http://127.0.0.1:9000/s3/", forcePathStyle: true },
      "images/b_c-1.png",
    );
    await verify(behindProxy, "us-east-1", "DELETE", {}, "");
  });

  it("keys with characters that need encoding are signed as S3 reads them", async () => {
    const url = objectUrl({ bucket: "shop-bucket", region: "eu-central-1", forcePathStyle: true }, "a dir/x$(1)*!~.png");
    await verify(url, "eu-central-1", "GET", {}, "");
  });
});

// ---------------------------------------------------------------------------------------------------
// A fake S3-compatible server: path-style only, objects in memory, every request's signature checked.
// ---------------------------------------------------------------------------------------------------

interface Recorded {
  method: string;
  target: string;
  rawHeaders: string[];
  body: Buffer;
}

const BUCKET = "test-bucket";
const REGION = "eu-test-1";
const ACCESS_KEY_ID = "AKIDFAKES3TEST";
const SECRET = `fake-secret/${randomBytes(12).toString("base64url")}+xyz`;

function s3ErrorXml(code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}

class FakeS3 {
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  readonly requests: Recorded[] = [];
  /** Why requests were refused as unauthenticated or malformed; must stay empty in the happy paths. */
  readonly rejections: string[] = [];
  /** The next request is answered with this status (500 → InternalError). */
  failNext: number | undefined;
  /** The next request gets no answer at all. */
  hangNext = false;
  /** What DELETE of a missing object answers: AWS says 204; some compatibles say 404. */
  missingDeleteStatus: 204 | 404 = 204;
  private server: http.Server | undefined;
  port = 0;

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => this.handle(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private reject(res: http.ServerResponse, status: number, code: string, why: string): void {
    this.rejections.push(why);
    res.writeHead(status, { "content-type": "application/xml" }).end(s3ErrorXml(code));
  }

  /** Checks the Authorization header the way S3 does; answers the reason for refusing, or undefined. */
  private authProblem(req: http.IncomingMessage, body: Buffer): string | undefined {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(",") : value;
    };
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        header("authorization") ?? "",
      );
    if (!auth) return `malformed Authorization: ${header("authorization")}`;
    const [, accessKeyId, day, region, signedList = "", signature = ""] = auth;
    if (accessKeyId !== ACCESS_KEY_ID) return `unknown access key ${accessKeyId}`;
    if (region !== REGION) return `wrong region ${region}`;

    const amzDate = header("x-amz-date") ?? "";
    const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!when || amzDate.slice(0, 8) !== day) return `bad x-amz-date ${amzDate}`;
    const [, y, mo, d, h, mi, s] = when.map(Number);
    const skew = Math.abs(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s) - Date.now());
    if (skew > 15 * 60_000) return `x-amz-date too far from now: ${amzDate}`;

    const payloadHash = header("x-amz-content-sha256") ?? "";
    if (payloadHash !== sha256Hex(body)) return "x-amz-content-sha256 does not match the body";

    const signedHeaders = signedList.split(";");
    const mustSign = ["host", "x-amz-date", "x-amz-content-sha256", ...(req.method === "PUT" ? ["content-type"] : [])];
    for (const name of Object.keys(req.headers)) if (name.startsWith("x-amz-")) mustSign.push(name);
    for (const name of mustSign) if (!signedHeaders.includes(name)) return `header ${name} is not signed`;
    if ([...signedHeaders].sort().join(";") !== signedList) return "SignedHeaders not sorted";

    const headers: Record<string, string> = {};
    for (const name of signedHeaders) headers[name] = header(name) ?? "";
    const expected = expectedSignature({
      secret: SECRET,
      region,
      method: req.method ?? "",
      target: req.url ?? "",
      headers,
      signedHeaders,
      payloadHash,
      amzDate,
    });
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return "SignatureDoesNotMatch";
    return undefined;
  }

  private handle(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): void {
    this.requests.push({ method: req.method ?? "", target: req.url ?? "", rawHeaders: req.rawHeaders, body });
    if (this.hangNext) {
      this.hangNext = false;
      return; // never answer
    }
    const problem = this.authProblem(req, body);
    if (problem) return this.reject(res, 403, problem === "SignatureDoesNotMatch" ? problem : "AccessDenied", problem);
    if (this.failNext) {
      const status = this.failNext;
      this.failNext = undefined;
      res.writeHead(status, { "content-type": "application/xml" }).end(s3ErrorXml("InternalError"));
      return;
    }

    // Path-style addressing only: Host is the endpoint itself, the bucket is the first path segment.
    if (req.headers.host !== `127.0.0.1:${this.port}`)
      return this.reject(res, 400, "InvalidRequest", `not path-style: host ${req.headers.host}`);
    const target = new URL(req.url ?? "/", this.endpoint);
    const [, bucket = "", ...keyParts] = target.pathname.split("/");
    if (bucket !== BUCKET) {
      res.writeHead(404, { "content-type": "application/xml" }).end(s3ErrorXml("NoSuchBucket"));
      return;
    }
    const key = keyParts.map(decodeURIComponent).join("/");
    if (!key) return this.reject(res, 400, "InvalidRequest", "no object key");

    const stored = this.objects.get(key);
    switch (req.method) {
      case "PUT":
        this.objects.set(key, { body, contentType: req.headers["content-type"] ?? "" });
        res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` }).end();
        return;
      case "GET":
        if (!stored) {
          res.writeHead(404, { "content-type": "application/xml" }).end(s3ErrorXml("NoSuchKey"));
          return;
        }
        res.writeHead(200, { "content-type": stored.contentType, "content-length": stored.body.length }).end(stored.body);
        return;
      case "DELETE":
        this.objects.delete(key);
        res
          .writeHead(stored ? 204 : this.missingDeleteStatus)
          .end(stored || this.missingDeleteStatus === 204 ? undefined : s3ErrorXml("NoSuchKey"));
        return;
      default:
        this.reject(res, 405, "MethodNotAllowed", `method ${req.method}`);
    }
  }
}

const fake = new FakeS3();
const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));

beforeAll(() => fake.start());
afterAll(async () => {
  await fake.stop();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

function s3Storage(overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}): S3Storage {
  return new S3Storage({
    bucket: BUCKET,
    region: REGION,
    endpoint: fake.endpoint,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET,
    forcePathStyle: true,
    ...overrides,
  });
}

// ---------------------------------------------------------------------------------------------------
// One contract, two adapters.
// ---------------------------------------------------------------------------------------------------

const UNSAFE_KEYS = [
  "../escape.png",
  "images/../../etc/passwd",
  "/absolute.png",
  "images//double.png",
  "Images/upper.png",
  "images/a b.png",
  "images\\back.png",
  "",
  "images/x.png?x=1",
  "%2e%2e/x.png",
  "images/ü.png",
  ".hidden",
];

function storageContract(name: string, make: () => StorageAdapter, requestCount: () => number) {
  describe(`${name}: the storage contract`, () => {
    it("round-trips binary data byte for byte", async () => {
      const storage = make();
      const key = newStorageKey("images", "bin");
      const body = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(64 * 1024)]);
      await storage.put(key, body, "application/octet-stream");
      const back = await storage.get(key);
      expect(back).toBeInstanceOf(Buffer);
      expect(back?.equals(body)).toBe(true);
    });

    it("answers null for a key that was never stored", async () => {
      expect(await make().get(newStorageKey("images", "webp"))).toBeNull();
    });

    it("deletes, and deleting again (or something never stored) is fine", async () => {
      const storage = make();
      const key = newStorageKey("images", "webp");
      await storage.put(key, Buffer.from("bytes"), "image/webp");
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
      await expect(storage.delete(newStorageKey("never", "png"))).resolves.toBeUndefined();
    });

    it("overwrites an existing key", async () => {
      const storage = make();
      const key = newStorageKey("images", "webp");
      await storage.put(key, Buffer.from("first version, longer"), "image/webp");
      await storage.put(key, Buffer.from("second"), "image/webp");
      expect((await storage.get(key))?.toString()).toBe("second");
    });

    it("refuses unsafe keys for every operation, before touching anything", async () => {
      const storage = make();
      const before = requestCount();
      for (const key of UNSAFE_KEYS) {
        await expect(storage.put(key, Buffer.from("x"), "image/png"), key).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
      }
      expect(requestCount()).toBe(before);
    });
  });
}

storageContract(
  "LocalStorage",
  () => new LocalStorage(localRoot),
  () => fs.readdirSync(localRoot, { recursive: true }).length,
);
storageContract(
  "S3Storage (fake S3 server)",
  () => s3Storage(),
  () => fake.requests.length,
);

// ---------------------------------------------------------------------------------------------------
// S3 specifics.
// ---------------------------------------------------------------------------------------------------

describe("S3Storage against the fake server", () => {
  afterEach(() => {
    // Every request any test sent was correctly signed and never carried the secret.
    expect(fake.rejections).toEqual([]);
    for (const r of fake.requests) {
      expect(`${r.target}\n${r.rawHeaders.join("\n")}`).not.toContain(SECRET);
      expect(r.body.includes(SECRET)).toBe(false);
    }
  });

  it("uses path-style URLs on the configured endpoint, with the prefix, and stores the content type", async () => {
    const storage = s3Storage({ prefix: "/shop-prefix/" });
    const key = newStorageKey("images", "webp");
    const from = fake.requests.length;
    await storage.put(key, Buffer.from("webp bytes"), "image/webp");
    expect((await storage.get(key))?.toString()).toBe("webp bytes");

    const sent = fake.requests.slice(from);
    expect(sent.map((r) => `${r.method} ${r.target}`)).toEqual([`PUT /${BUCKET}/shop-prefix/${key}`, `GET /${BUCKET}/shop-prefix/${key}`]);
    const hostOf = (r: Recorded) => r.rawHeaders[r.rawHeaders.findIndex((h) => h.toLowerCase() === "host") + 1];
    expect(sent.map(hostOf)).toEqual([`127.0.0.1:${fake.port}`, `127.0.0.1:${fake.port}`]);
    expect(fake.objects.get(`shop-prefix/${key}`)?.contentType).toBe("image/webp");
  });

  it("the fake really checks signatures: a wrong secret is refused, and that surfaces as an error, not null", async () => {
    const storage = s3Storage({ secretAccessKey: "not-the-secret" });
    const key = newStorageKey("images", "webp");
    await expect(storage.get(key)).rejects.toMatchObject({ status: 403, code: "SignatureDoesNotMatch" });
    await expect(storage.put(key, Buffer.from("x"), "image/webp")).rejects.toThrow(/HTTP 403 SignatureDoesNotMatch/);
    expect(fake.objects.has(key)).toBe(false);
    expect(fake.rejections.splice(0)).toEqual(["SignatureDoesNotMatch", "SignatureDoesNotMatch"]);
  });

  it("a 500 from the server is an error for get, put and delete (never null, never silent)", async () => {
    const storage = s3Storage();
    const key = newStorageKey("images", "webp");
    await storage.put(key, Buffer.from("kept"), "image/webp");
    for (const call of [() => storage.get(key), () => storage.put(key, Buffer.from("x"), "image/webp"), () => storage.delete(key)]) {
      fake.failNext = 500;
      const error: unknown = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(S3Error);
      expect(error).toMatchObject({ status: 500, code: "InternalError" });
      expect(String(error)).toMatch(/HTTP 500/);
      expect(String(error)).not.toContain(SECRET);
    }
    expect((await storage.get(key))?.toString()).toBe("kept");
  });

  it("a missing bucket is an error, not a missing object", async () => {
    await expect(s3Storage({ bucket: "no-such-bucket" }).get("images/a.webp")).rejects.toMatchObject({ status: 404, code: "NoSuchBucket" });
  });

  it("delete stays idempotent when the server answers 404 for a missing object", async () => {
    fake.missingDeleteStatus = 404;
    try {
      await expect(s3Storage().delete(newStorageKey("images", "webp"))).resolves.toBeUndefined();
    } finally {
      fake.missingDeleteStatus = 204;
    }
  });

  it("gives up after the timeout when the server does not answer", async () => {
    fake.hangNext = true;
    await expect(s3Storage({ timeoutMs: 300 }).get("images/slow.webp")).rejects.toThrow(/request failed/);
  });
});

describe("object URLs", () => {
  const base = { bucket: "shop-bucket", region: "eu-central-1" };
  it("AWS default: virtual-hosted on the regional endpoint", () => {
    expect(objectUrl({ ...base, forcePathStyle: false }, "images/a.webp").href).toBe(
      "https://shop-bucket.s3.eu-central-1.amazonaws.com/images/a.webp",
    );
  });
  it("custom endpoint, path-style, keeping an endpoint path", () => {
    expect(objectUrl({ ...base, endpoint: "http://127.0.0.1:9000", forcePathStyle: true }, "images/a.webp").href).toBe(
      "http://127.0.0.1:9000/shop-bucket/images/a.webp",
    );
    expect(objectUrl({ ...base, endpoint: "https://proxy.example/s3/", forcePathStyle: true }, "a.webp").href).toBe(
      "https://proxy.example/s3/shop-bucket/a.webp",
    );
  });
  it("custom endpoint, virtual-hosted (e.g. R2 or a MinIO with domain names)", () => {
    expect(objectUrl({ ...base, endpoint: "https://acct.r2.cloudflarestorage.com", forcePathStyle: false }, "images/a.webp").href).toBe(
      "https://shop-bucket.acct.r2.cloudflarestorage.com/images/a.webp",
    );
  });
  it("encodes key segments per RFC 3986 and keeps the slashes", () => {
    expect(objectUrl({ ...base, forcePathStyle: true }, "a dir/x$(1)*!.png").pathname).toBe("/shop-bucket/a%20dir/x%24%281%29%2A%21.png");
  });
});

// ---------------------------------------------------------------------------------------------------
// getStorage(): chooses from the environment, once per process.
// ---------------------------------------------------------------------------------------------------

describe("getStorage()", () => {
  const names = [
    "S3_BUCKET",
    "S3_REGION",
    "S3_ENDPOINT",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "S3_FORCE_PATH_STYLE",
    "S3_PREFIX",
    "STORAGE_DIR",
  ];
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));

  function setEnv(values: Record<string, string | undefined>): void {
    for (const n of names) delete process.env[n];
    for (const [n, v] of Object.entries(values)) if (v !== undefined) process.env[n] = v;
    resetEnvCache();
    resetStorage();
  }

  afterEach(() => setEnv(saved));

  it("picks S3 when S3_BUCKET is set (path-style by default with an endpoint) and keeps one instance", async () => {
    setEnv({
      S3_BUCKET: BUCKET,
      S3_REGION: REGION,
      S3_ENDPOINT: fake.endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_PREFIX: "env-prefix",
    });
    const storage = getStorage();
    expect(storage.kind).toBe("s3");
    expect(getStorage()).toBe(storage);

    const key = newStorageKey("images", "webp");
    await storage.put(key, Buffer.from("via env"), "image/webp");
    expect((await storage.get(key))?.toString()).toBe("via env");
    expect(fake.objects.has(`env-prefix/${key}`)).toBe(true);
    expect(fake.rejections).toEqual([]);
  });

  it("picks the local folder without S3_BUCKET, under STORAGE_DIR", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-env-test-"));
    try {
      setEnv({ STORAGE_DIR: dir });
      const storage = getStorage();
      expect(storage.kind).toBe("local");
      await storage.put("images/env.webp", Buffer.from("local"), "image/webp");
      expect(fs.readFileSync(path.join(dir, "images/env.webp"), "utf8")).toBe("local");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses S3_BUCKET without credentials, and a malformed bucket or endpoint", () => {
    setEnv({ S3_BUCKET: BUCKET });
    expect(() => getStorage()).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required/);
    setEnv({ S3_BUCKET: "Not_A_Bucket", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" });
    expect(() => getStorage()).toThrow(/S3_BUCKET/);
    setEnv({ S3_BUCKET: BUCKET, S3_ENDPOINT: "ftp://example.com", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" });
    expect(() => getStorage()).toThrow(/S3_ENDPOINT/);
  });
});
