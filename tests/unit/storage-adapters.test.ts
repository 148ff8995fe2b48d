import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { S3Error } from "@/lib/integrations/s3";
import { LocalStorage, S3Storage, getStorage, newStorageKey, resetStorage, type StorageAdapter } from "@/lib/integrations/storage";
import { ACCESS_KEY_ID, BUCKET, FakeS3, REGION, SECRET, type Recorded } from "../helpers/storage";

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

describe("S3Storage against the fake server", () => {
  afterEach(() => {
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
