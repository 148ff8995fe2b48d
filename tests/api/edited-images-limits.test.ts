import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import * as edited from "@/app/api/user/images/edited/route";
import * as accountExport from "@/app/api/user/account/export/route";
import { registerCustomer } from "../helpers/register";
import { getDb } from "@/db/client";
import { images, mugDetails } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { resetStorage } from "@/lib/integrations/storage";
import { printPixelSize } from "@/lib/domain/print-fit";
import { storeImage } from "@/lib/services/images";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { call, cookieFrom } from "../helpers/api";
import { tempDir } from "../helpers/test-db";

type Body = { id: number; width: number; height: number; sizeBytes: number; message: string };

let storageDir: string;
/** The smallest box every mug's print area (at 300 dpi) fits in after a cover crop. */
let printBox: { width: number; height: number };

beforeAll(async () => {
  storageDir = tempDir("shop-test-edited-limits-");
  process.env.STORAGE_DIR = storageDir;
  resetStorage();
  const db = await getDb();
  const mugs = await db.select({ w: mugDetails.printTemplateWidthMm, h: mugDetails.printTemplateHeightMm }).from(mugDetails);
  if (mugs.length === 0) throw new Error("seeded mugs");
  const sizes = mugs.map((m) => printPixelSize(m.w, m.h));
  printBox = { width: Math.max(...sizes.map((s) => s.width)), height: Math.max(...sizes.map((s) => s.height)) };
});

const ENV_KEYS = ["EDITED_IMAGES_PER_HOUR", "USER_STORAGE_QUOTA_MB", "EDITED_STORAGE_PER_NETWORK_MB", "EDITED_STORAGE_TOTAL_MB"];
function setEnv(values: Record<string, string>) {
  for (const [k, v] of Object.entries(values)) process.env[k] = v;
  resetEnvCache();
}
afterEach(() => {
  for (const k of ENV_KEYS) delete process.env[k];
  resetEnvCache();
});

let seq = 0;
/** A fresh customer (signed in) with one GENERATED image to edit. */
async function customerWithGenerated(): Promise<{ cookie: string; userId: number; generatedId: number }> {
  seq += 1;
  const res = await registerCustomer(
    { email: `edited-${seq}-${Date.now()}@example.com`, password: "customer-pass-123" },
    { ip: `192.0.2.${100 + seq}` },
  );
  expect(res.status).toBe(201);
  const userId = (res.body as { user: { id: number } }).user.id;
  const generated = await storeImage({ bytes: await png(40, 30), use: "generated", format: "png", type: "GENERATED", ownerId: userId });
  return { cookie: cookieFrom(res), userId, generatedId: generated.id };
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
}

/** A PNG of random pixels: it does not compress, so its stored size is about width × height × 3 bytes. */
async function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function form(image: Buffer, generatedImageId: number): FormData {
  const f = new FormData();
  f.set("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "edited.png");
  f.set("generatedImageId", String(generatedImageId));
  return f;
}

/** forwardedFor: the X-Forwarded-For the request arrives with (npm start appends the peer, the right-most entry). */
const postEdited = (cookie: string, image: Buffer, generatedId: number, lang: "en" | "de" = "en", forwardedFor?: string) =>
  call<Body>(edited.POST, {
    method: "POST",
    path: "/api/user/images/edited",
    body: form(image, generatedId),
    cookie,
    headers: { "accept-language": lang, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
  });

async function storedFile(id: number): Promise<Buffer> {
  const [row] = await (await getDb()).select({ key: images.storageKey }).from(images).where(eq(images.id, id));
  if (!row) throw new Error("row stored");
  return fs.readFileSync(path.join(storageDir, row.key));
}

describe("POST /api/user/images/edited: counted per user and hour", () => {
  it("EDITED_IMAGES_PER_HOUR edits per user, then 429 with Retry-After in both languages; another user is unaffected", async () => {
    setEnv({ EDITED_IMAGES_PER_HOUR: "2" });
    const a = await customerWithGenerated();
    const image = await png(50, 40);
    expect((await postEdited(a.cookie, image, a.generatedId)).status).toBe(201);
    expect((await postEdited(a.cookie, image, a.generatedId)).status).toBe(201);
    const limited = await postEdited(a.cookie, image, a.generatedId);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(en.errors.rateLimitEditedImages);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    const german = await postEdited(a.cookie, image, a.generatedId, "de");
    expect(german.status).toBe(429);
    expect(german.body.message).toBe(de.errors.rateLimitEditedImages);
    const count = await (
      await getDb()
    )
      .select({ n: sql<number>`count(*)::int` })
      .from(images)
      .where(eq(images.ownerId, a.userId));
    expect(count[0]?.n).toBe(3); // the generated image and two edits

    const b = await customerWithGenerated();
    expect((await postEdited(b.cookie, image, b.generatedId)).status).toBe(201);
  }, 60_000);
});

describe("POST /api/user/images/edited: stored at most at print size, 8 bits per channel", () => {
  it("a bigger edit is scaled down to the smallest size that still covers every mug's print area at 300 dpi", async () => {
    const { cookie, generatedId } = await customerWithGenerated();
    const [w, h] = [printBox.width * 2, printBox.height * 3];
    const res = await postEdited(cookie, await png(w, h), generatedId);
    expect(res.status).toBe(201);
    const scale = Math.max(printBox.width / w, printBox.height / h);
    expect(res.body.width).toBe(Math.round(w * scale));
    expect(res.body.height).toBe(Math.round(h * scale));
    expect(res.body.width).toBeGreaterThanOrEqual(printBox.width);
    expect(res.body.height).toBeGreaterThanOrEqual(printBox.height);
    const meta = await sharp(await storedFile(res.body.id)).metadata();
    expect([meta.width, meta.height]).toEqual([res.body.width, res.body.height]);
  }, 60_000);

  it("a smaller edit is kept at its size; a 16-bit PNG is stored with 8 bits per channel", async () => {
    const { cookie, generatedId } = await customerWithGenerated();
    const sixteen = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#3366cc" } })
      .toColourspace("rgb16")
      .png()
      .toBuffer();
    expect((await sharp(sixteen).metadata()).depth).toBe("ushort");
    const res = await postEdited(cookie, sixteen, generatedId);
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([60, 40]);
    expect((await sharp(await storedFile(res.body.id)).metadata()).depth).toBe("uchar");
  }, 60_000);
});

describe("POST /api/user/images/edited: a per-user storage quota", () => {
  it("past USER_STORAGE_QUOTA_MB (the sum of the user's images) the edit is refused with 413 and a clear message, and not stored", async () => {
    setEnv({ USER_STORAGE_QUOTA_MB: "1" });
    const { cookie, userId, generatedId } = await customerWithGenerated();
    const image = await noisePng(400, 400); // ~480 KB stored
    expect((await postEdited(cookie, image, generatedId)).status).toBe(201);
    expect((await postEdited(cookie, image, generatedId)).status).toBe(201);
    const full = await postEdited(cookie, image, generatedId);
    expect(full.status).toBe(413);
    expect(full.body.message).toBe(en.errors.storageQuotaExceeded.replace("{quotaMb}", "1"));
    const german = await postEdited(cookie, image, generatedId, "de");
    expect(german.status).toBe(413);
    expect(german.body.message).toBe(de.errors.storageQuotaExceeded.replace("{quotaMb}", "1"));
    const rows = await (
      await getDb()
    )
      .select({ n: sql<number>`count(*)::int` })
      .from(images)
      .where(eq(images.ownerId, userId));
    expect(rows[0]?.n).toBe(3);
    // Another user has their own quota.
    const other = await customerWithGenerated();
    expect((await postEdited(other.cookie, image, other.generatedId)).status).toBe(201);
  }, 60_000);
});

const editedRows = async () =>
  (
    await (
      await getDb()
    )
      .select({ n: sql<number>`count(*)::int` })
      .from(images)
      .where(eq(images.type, "EDITED"))
  )[0]?.n ?? 0;

describe("POST /api/user/images/edited: storage per client network", () => {
  it("past EDITED_STORAGE_PER_NETWORK_MB a second account from the same network is refused with 413; another network is not", async () => {
    setEnv({ EDITED_STORAGE_PER_NETWORK_MB: "1" });
    const image = await noisePng(400, 400); // ~480 KB stored
    const a = await customerWithGenerated();
    expect((await postEdited(a.cookie, image, a.generatedId, "en", "198.51.100.7")).status).toBe(201);
    expect((await postEdited(a.cookie, image, a.generatedId, "en", "198.51.100.7")).status).toBe(201);
    const before = await editedRows();

    const b = await customerWithGenerated();
    const full = await postEdited(b.cookie, image, b.generatedId, "en", "198.51.100.7");
    expect(full.status).toBe(413);
    expect(full.body.message).toBe(en.errors.networkStorageQuotaExceeded.replace("{quotaMb}", "1"));
    const german = await postEdited(b.cookie, image, b.generatedId, "de", "198.51.100.7");
    expect(german.status).toBe(413);
    expect(german.body.message).toBe(de.errors.networkStorageQuotaExceeded.replace("{quotaMb}", "1"));
    expect(await editedRows()).toBe(before);

    // Another network has its own room, with the same account too.
    const stored = await postEdited(b.cookie, image, b.generatedId, "en", "198.51.100.8");
    expect(stored.status).toBe(201);

    // What is kept of the network is the account's data: its export shows the hash, and never the address.
    const exported = await call<{ images: { id: number; clientNetworkHash: string | null }[] }>(accountExport.GET, {
      path: "/api/user/account/export",
      cookie: b.cookie,
    });
    const entry = exported.body.images.find((i) => i.id === stored.body.id);
    expect(entry?.clientNetworkHash).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(JSON.stringify(exported.body)).not.toContain("198.51.100");
  }, 90_000);

  it("two edits racing past the network limit: never both stay", async () => {
    setEnv({ EDITED_STORAGE_PER_NETWORK_MB: "1" });
    const image = await noisePng(450, 450); // ~600 KB stored: one fits, two do not
    const [a, b] = [await customerWithGenerated(), await customerWithGenerated()];
    const results = await Promise.all([
      postEdited(a.cookie, image, a.generatedId, "en", "198.51.100.60"),
      postEdited(b.cookie, image, b.generatedId, "en", "198.51.100.60"),
    ]);
    expect(results.filter((r) => r.status === 201).length).toBeLessThanOrEqual(1);
    for (const r of results) expect([201, 413]).toContain(r.status);
    const [stored] = await (
      await getDb()
    )
      .select({ bytes: sql<number>`coalesce(sum(${images.sizeBytes}), 0)::int` })
      .from(images)
      .where(inArray(images.ownerId, [a.userId, b.userId]));
    expect(stored?.bytes).toBeLessThan(1024 * 1024);
  }, 90_000);

  it("IPv6 counts per /48: another /64 of the same subscriber is the same network", async () => {
    setEnv({ EDITED_STORAGE_PER_NETWORK_MB: "1" });
    const image = await noisePng(400, 400);
    const a = await customerWithGenerated();
    expect((await postEdited(a.cookie, image, a.generatedId, "en", "2001:db8:77:1::5")).status).toBe(201);
    expect((await postEdited(a.cookie, image, a.generatedId, "en", "2001:db8:77:1::5")).status).toBe(201);
    const b = await customerWithGenerated();
    expect((await postEdited(b.cookie, image, b.generatedId, "en", "2001:db8:77:2::9")).status).toBe(413);
    expect((await postEdited(b.cookie, image, b.generatedId, "en", "2001:db8:78:1::9")).status).toBe(201);
  }, 90_000);

  it("the counted network is the one the server saw: a caller can neither escape its own nor fill another's by writing X-Forwarded-For", async () => {
    setEnv({ EDITED_STORAGE_PER_NETWORK_MB: "1" });
    const image = await noisePng(400, 400);
    const a = await customerWithGenerated();
    expect((await postEdited(a.cookie, image, a.generatedId, "en", "203.0.113.50")).status).toBe(201);
    expect((await postEdited(a.cookie, image, a.generatedId, "en", "203.0.113.50")).status).toBe(201);
    // From the full network, naming another address first: still refused.
    expect((await postEdited(a.cookie, image, a.generatedId, "en", "203.0.113.99, 203.0.113.50")).status).toBe(413);
    // From another network, naming the full one first: accepted (it counts its own).
    const b = await customerWithGenerated();
    expect((await postEdited(b.cookie, image, b.generatedId, "en", "203.0.113.50, 203.0.113.51")).status).toBe(201);
  }, 90_000);
});

describe("POST /api/user/images/edited: storage of the whole shop", () => {
  it("past EDITED_STORAGE_TOTAL_MB every account is refused with 413 and a clear message, whatever its network", async () => {
    // Only this test's edits count: earlier tests' edits are removed.
    await (await getDb()).delete(images).where(eq(images.type, "EDITED"));
    setEnv({ EDITED_STORAGE_TOTAL_MB: "1" });
    const image = await noisePng(400, 400); // ~480 KB stored
    const a = await customerWithGenerated();
    const b = await customerWithGenerated();
    expect((await postEdited(a.cookie, image, a.generatedId, "en", "192.0.2.201")).status).toBe(201);
    expect((await postEdited(b.cookie, image, b.generatedId, "en", "198.51.100.201")).status).toBe(201);

    const c = await customerWithGenerated();
    for (const [who, ip] of [
      [c, "203.0.113.201"],
      [a, "192.0.2.201"],
      [b, "2001:db8:99::1"],
    ] as const) {
      const full = await postEdited(who.cookie, image, who.generatedId, "en", ip);
      expect(full.status, ip).toBe(413);
      expect(full.body.message).toBe(en.errors.editedStorageFull);
    }
    const german = await postEdited(c.cookie, image, c.generatedId, "de", "203.0.113.201");
    expect(german.body.message).toBe(de.errors.editedStorageFull);
    expect(await editedRows()).toBe(2);
  }, 90_000);
});
