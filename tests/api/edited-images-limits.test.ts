import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as edited from "@/app/api/user/images/edited/route";
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

const ENV_KEYS = ["EDITED_IMAGES_PER_HOUR", "USER_STORAGE_QUOTA_MB"];
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

const postEdited = (cookie: string, image: Buffer, generatedId: number, lang: "en" | "de" = "en") =>
  call<Body>(edited.POST, {
    method: "POST",
    path: "/api/user/images/edited",
    body: form(image, generatedId),
    cookie,
    headers: { "accept-language": lang },
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
