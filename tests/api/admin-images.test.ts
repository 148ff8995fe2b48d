import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/images/route";
import * as item from "@/app/api/admin/images/[imageId]/route";
import * as download from "@/app/api/admin/images/[imageId]/download/route";
import * as publicImage from "@/app/api/images/[imageId]/route";
import { getDb } from "@/db/client";
import { images, mugVariants, orderItems, orders, prompts, users } from "@/db/schema";
import { resetStorage } from "@/lib/integrations/storage";
import { storeImage } from "@/lib/services/images";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { TEST_USERS, tempDir } from "../helpers/test-db";

type ImageBody = { id: number; type: string; url: string; mimeType: string; width: number; height: number; sizeBytes: number };
type ErrorBody = { message: string; errors?: Record<string, string> };

const MB = 1024 * 1024;
let storageDir: string;

// This file's own storage folder, so counting files is not disturbed by test files running in parallel.
beforeAll(() => {
  storageDir = tempDir("shop-test-admin-images-");
  process.env.STORAGE_DIR = storageDir;
  resetStorage();
});

function storedFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      : [];
  return walk(storageDir);
}

async function rowCount(): Promise<number> {
  return (await getDb()).$count(images);
}

async function storedRow(id: number) {
  const [row] = await (await getDb()).select().from(images).where(eq(images.id, id));
  return row;
}

function fileOf(storageKey: string): string {
  return path.join(storageDir, storageKey);
}

async function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF (IFD0) and GPS (IFD3) metadata. */
async function jpegWithExif(width = 200, height = 100): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c33" } })
    .jpeg()
    .withMetadata({
      exif: {
        IFD0: { Copyright: "secret-owner", Artist: "Spy Camera" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 12/1", GPSLongitudeRef: "E", GPSLongitude: "13/1 24/1 0/1" },
      },
    })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of under 1 kB that declares 30000 × 30000 pixels (900 megapixels). */
function pixelBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(30_001 * 3 * 4))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Random pixels barely compress: a real PNG of about `mb` megabytes. */
async function noisePng(mb: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((mb * MB) / 3));
  const raw = randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function form(file: Buffer | string | null, fields: Record<string, string | number>, filename = "photo.png", type = "image/png"): FormData {
  const f = new FormData();
  if (file !== null) f.set("file", new Blob([typeof file === "string" ? file : new Uint8Array(file)], { type }), filename);
  for (const [k, v] of Object.entries(fields)) f.set(k, String(v));
  return f;
}

async function upload(body: FormData | string, opts: { role?: Role; headers?: Record<string, string> } = {}) {
  return call<ImageBody & ErrorBody>(collection.POST, {
    method: "POST",
    path: "/api/admin/images",
    body,
    headers: opts.headers,
    cookie: await cookieFor(opts.role ?? "admin"),
  });
}

async function getDownload(imageId: number | string, role: Role = "admin") {
  const id = String(imageId);
  const req = new Request(`http://localhost/api/admin/images/${id}/download`, { headers: { cookie: (await cookieFor(role)) ?? "" } });
  const res = await download.GET(req, { params: Promise.resolve({ imageId: id }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function remove(imageId: number | string, role: Role = "admin") {
  return call<ErrorBody>(item.DELETE, { method: "DELETE", params: { imageId: String(imageId) }, cookie: await cookieFor(role) });
}

async function uploadOk(fields: Record<string, string | number> = { imageType: "PROMPT_EXAMPLE" }, file?: Buffer): Promise<ImageBody> {
  const res = await upload(form(file ?? (await png()), fields));
  expect(res.status).toBe(201);
  return res.body;
}

describe("access matrix for /api/admin/images", () => {
  const cases: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  for (const { role, status } of cases) {
    it(`POST /api/admin/images – ${role} → ${status === 200 ? 201 : status}`, async () => {
      const before = await rowCount();
      const res = await upload(form(await png(), { imageType: "MUG_VARIANT_EXAMPLE" }), { role });
      expect(res.status).toBe(status === 200 ? 201 : status);
      expect(await rowCount()).toBe(status === 200 ? before + 1 : before);
    });

    it(`GET /api/admin/images/{imageId}/download – ${role} → ${status}`, async () => {
      const target = await uploadOk();
      expect((await getDownload(target.id, role)).status).toBe(status);
    });

    it(`DELETE /api/admin/images/{imageId} – ${role} → ${status === 200 ? 204 : status}`, async () => {
      const target = await uploadOk();
      expect((await remove(target.id, role)).status).toBe(status === 200 ? 204 : status);
      expect(!!(await storedRow(target.id))).toBe(status !== 200);
    });
  }

  it("anonymous and customer answers carry the spec's messages", async () => {
    expect((await upload(form(await png(), { imageType: "PROMPT_EXAMPLE" }), { role: "anonymous" })).body.message).toBe(
      "Authentication required",
    );
    expect((await remove(1, "customer")).body.message).toBe("You do not have permission to do this");
  });
});

describe("POST /api/admin/images", () => {
  it("stores a catalogue image as WebP without EXIF or GPS, publicly served", async () => {
    const jpeg = await jpegWithExif();
    expect((await sharp(jpeg).metadata()).exif, "the test input carries EXIF").toBeDefined();
    const res = await upload(form(jpeg, { imageType: "PROMPT_EXAMPLE" }, "photo.jpg", "image/jpeg"));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: "CATALOGUE",
      mimeType: "image/webp",
      width: 200,
      height: 100,
      url: `/api/images/${res.body.id}`,
    });

    const row = await storedRow(res.body.id);
    if (!row) throw new Error("row stored");
    expect(row.ownerId).toBeNull();
    expect(row.storageKey).toMatch(/^catalogue\/[0-9a-f-]{36}\.webp$/);
    const stored = fs.readFileSync(fileOf(row.storageKey));
    expect(stored.length).toBe(res.body.sizeBytes);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([200, 100]);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes("secret-owner")).toBe(false);
    expect(stored.includes("Spy Camera")).toBe(false);

    const served = await publicImage.GET(new Request(`http://localhost${res.body.url}`), {
      params: Promise.resolve({ imageId: String(res.body.id) }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toContain("public");
  });

  it("applies the crop: the stored image has the crop's size", async () => {
    const res = await upload(
      form(await png(300, 200), { imageType: "MUG_VARIANT_EXAMPLE", cropX: 10, cropY: 20, cropWidth: 120, cropHeight: 90 }),
    );
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([120, 90]);
    const row = await storedRow(res.body.id);
    if (!row) throw new Error("row stored");
    expect([row.cropX, row.cropY, row.cropWidth, row.cropHeight]).toEqual([10, 20, 120, 90]);
    const meta = await sharp(fs.readFileSync(fileOf(row.storageKey))).metadata();
    expect([meta.width, meta.height]).toEqual([120, 90]);
  });

  it("a crop covering the whole image is inside it", async () => {
    const res = await upload(
      form(await png(64, 48), { imageType: "SHIRT_VARIANT_EXAMPLE", cropX: 0, cropY: 0, cropWidth: 64, cropHeight: 48 }),
    );
    expect(res.status).toBe(201);
  });

  it("a GIF with HTML appended after its trailer is accepted only as a re-encoded WebP without the script", async () => {
    const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#0a0" } })
      .gif()
      .toBuffer();
    const polyglot = Buffer.concat([gif, Buffer.from("<html><script>alert('xss')</script></html>")]);
    const res = await upload(form(polyglot, { imageType: "PROMPT_EXAMPLE" }, "x.gif", "image/gif"));
    expect(res.status).toBe(201);
    expect(res.body.mimeType).toBe("image/webp");
    const row = await storedRow(res.body.id);
    if (!row) throw new Error("row stored");
    const stored = fs.readFileSync(fileOf(row.storageKey));
    expect(stored.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(stored.includes("<script>")).toBe(false);
    expect(stored.includes("alert")).toBe(false);
  });

  it("the per-use byte limit: a 6 MB image is fine for a prompt, too large for a slot variant", async () => {
    const big = await noisePng(6);
    expect(big.length).toBeGreaterThan(5 * MB);
    expect(big.length).toBeLessThan(10 * MB);
    const before = { rows: await rowCount(), files: storedFiles().length };
    const slot = await upload(form(big, { imageType: "SLOT_VARIANT_EXAMPLE" }));
    expect(slot.status).toBe(413);
    expect(slot.body.message).toBe("The image is too large (maximum 5 MB)");
    expect({ rows: await rowCount(), files: storedFiles().length }).toEqual(before);
    const prompt = await upload(form(big, { imageType: "PROMPT_EXAMPLE" }));
    expect(prompt.status).toBe(201);
  });

  const oversize = (mb: number) => {
    const bytes = Buffer.alloc(mb * MB + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
    return bytes;
  };

  type Bad = {
    title: string;
    make: () => Promise<FormData | string>;
    status: number;
    message: string | string[];
    errors?: Record<string, string>;
    headers?: Record<string, string>;
  };
  const bad: Bad[] = [
    {
      title: "a text file named x.png",
      make: async () => form("just some text, not a picture", { imageType: "PROMPT_EXAMPLE" }, "x.png", "image/png"),
      status: 415,
      message: "Only PNG, JPEG, GIF or WEBP images are allowed",
    },
    {
      title: "an SVG with a script",
      make: async () =>
        form(
          `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`,
          { imageType: "PROMPT_EXAMPLE" },
          "x.svg",
          "image/svg+xml",
        ),
      status: 415,
      message: "Only PNG, JPEG, GIF or WEBP images are allowed",
    },
    {
      title: "an SVG renamed to .png",
      make: async () =>
        form(
          `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
          { imageType: "PROMPT_EXAMPLE" },
          "x.png",
          "image/png",
        ),
      status: 415,
      message: "Only PNG, JPEG, GIF or WEBP images are allowed",
    },
    {
      title: "an HTML page",
      make: async () =>
        form("<!doctype html><html><script>alert(1)</script></html>", { imageType: "PROMPT_EXAMPLE" }, "x.jpg", "image/jpeg"),
      status: 415,
      message: "Only PNG, JPEG, GIF or WEBP images are allowed",
    },
    {
      title: "a GIF/HTML polyglot (GIF89a header followed by <script>) – refused",
      make: async () => form("GIF89a<script>alert(document.cookie)</script>", { imageType: "PROMPT_EXAMPLE" }, "x.gif", "image/gif"),
      status: 422,
      message: "The file is not a valid image",
    },
    {
      title: "a truncated JPEG",
      make: async () => form((await jpegWithExif()).subarray(0, 40), { imageType: "PROMPT_EXAMPLE" }, "x.jpg", "image/jpeg"),
      status: 422,
      message: "The file is not a valid image",
    },
    {
      // The header is read without decoding; the declared size alone refuses it.
      title: "a pixel bomb (a 1 kB PNG declaring 30000 × 30000)",
      make: async () => form(pixelBomb(), { imageType: "PROMPT_EXAMPLE" }),
      status: 422,
      message: "The image has too many pixels",
    },
    {
      title: "over 10 MB",
      make: async () => form(oversize(10), { imageType: "MUG_VARIANT_EXAMPLE" }),
      status: 413,
      message: "The image is too large (maximum 10 MB)",
    },
    {
      title: "over 5 MB for a slot variant",
      make: async () => form(oversize(5), { imageType: "SLOT_VARIANT_EXAMPLE" }),
      status: 413,
      message: "The image is too large (maximum 5 MB)",
    },
    {
      title: "a crop outside the image",
      make: async () => form(await png(64, 48), { imageType: "PROMPT_EXAMPLE", cropX: 40, cropY: 0, cropWidth: 30, cropHeight: 10 }),
      status: 422,
      message: "The crop area must lie within the image",
    },
    {
      title: "a crop with negative coordinates",
      make: async () => form(await png(64, 48), { imageType: "PROMPT_EXAMPLE", cropX: -1, cropY: 0, cropWidth: 10, cropHeight: 10 }),
      status: 422,
      message: "The crop area must lie within the image",
    },
    {
      title: "a partial crop",
      make: async () => form(await png(), { imageType: "PROMPT_EXAMPLE", cropX: 0, cropY: 0 }),
      status: 422,
      message: "Validation failed",
      errors: { crop: "The crop needs x, y, width and height" },
    },
    {
      title: "a crop value that is not a number",
      make: async () => form(await png(), { imageType: "PROMPT_EXAMPLE", cropX: "a", cropY: 0, cropWidth: 1, cropHeight: 1 }),
      status: 422,
      message: "Validation failed",
      errors: { cropX: "Invalid value" },
    },
    {
      title: "the file missing",
      make: async () => form(null, { imageType: "PROMPT_EXAMPLE" }),
      status: 422,
      message: "Validation failed",
      errors: { file: "Please choose an image file" },
    },
    {
      title: "an empty file",
      make: async () => form(Buffer.alloc(0), { imageType: "PROMPT_EXAMPLE" }),
      status: 422,
      message: "Validation failed",
      errors: { file: "Please choose an image file" },
    },
    {
      title: "imageType missing",
      make: async () => form(await png(), {}),
      status: 422,
      message: "Validation failed",
      errors: { imageType: "Invalid value" },
    },
    {
      title: "imageType invalid, and a partial crop: both named",
      make: async () => form(await png(), { imageType: "CATALOGUE", cropWidth: 5 }),
      status: 422,
      message: "Validation failed",
      errors: { imageType: "Invalid value", crop: "The crop needs x, y, width and height" },
    },
    {
      title: "a JSON body instead of multipart",
      make: async () => JSON.stringify({ imageType: "PROMPT_EXAMPLE", file: "iVBORw0KGgo=" }),
      headers: { "content-type": "application/json" },
      status: 415,
      message: "The request must be sent as multipart/form-data",
    },
    {
      title: "a multipart content type with a broken body",
      make: async () => "--x\r\nthis is not a form",
      headers: { "content-type": "multipart/form-data; boundary=nothing-like-this" },
      status: 400,
      message: "The form data could not be read",
    },
  ];

  for (const row of bad) {
    it(`${row.title} → ${row.status} and nothing stored`, async () => {
      const body = await row.make();
      const before = { rows: await rowCount(), files: storedFiles().length };
      const res = await upload(body, { headers: row.headers });
      expect(res.status).toBe(row.status);
      if (Array.isArray(row.message)) expect(row.message).toContain(res.body.message);
      else expect(res.body.message).toBe(row.message);
      if (row.errors) expect(res.body.errors).toEqual(row.errors);
      expect({ rows: await rowCount(), files: storedFiles().length }).toEqual(before);
    });
  }

  it("answers in German when the caller's language is German", async () => {
    const res = await call<ErrorBody>(collection.POST, {
      method: "POST",
      body: form("plain text", { imageType: "PROMPT_EXAMPLE" }, "x.png"),
      cookie: `${await loginAs("admin")}; NEXT_LOCALE=de`,
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe("Nur PNG-, JPEG-, GIF- oder WEBP-Bilder sind erlaubt");
  });
});

describe("GET /api/admin/images/{imageId}/download", () => {
  it("answers the stored bytes as an attachment", async () => {
    const image = await uploadOk();
    const row = await storedRow(image.id);
    if (!row) throw new Error("row stored");
    const res = await getDownload(image.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="image-${image.id}.webp"`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.bytes.equals(fs.readFileSync(fileOf(row.storageKey)))).toBe(true);
  });

  it("also answers a customer's private image", async () => {
    const db = await getDb();
    const [customer] = await db.select().from(users).where(eq(users.email, TEST_USERS.customer.email));
    if (!customer) throw new Error("seeded customer");
    const row = await storeImage({ bytes: await png(), use: "editor", format: "jpeg", type: "UPLOADED", ownerId: customer.id });
    const res = await getDownload(row.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="image-${row.id}.jpeg"`);
    expect(res.headers.get("cache-control")).toContain("private");
  });

  it("unknown or malformed id → 404", async () => {
    expect((await getDownload(999_999)).status).toBe(404);
    expect((await getDownload("abc")).status).toBe(404);
  });
});

describe("DELETE /api/admin/images/{imageId}", () => {
  it("removes row and file; the image is no longer served", async () => {
    const image = await uploadOk();
    const row = await storedRow(image.id);
    if (!row) throw new Error("row stored");
    expect(fs.existsSync(fileOf(row.storageKey))).toBe(true);
    const res = await remove(image.id);
    expect(res.status).toBe(204);
    expect(await storedRow(image.id)).toBeUndefined();
    expect(fs.existsSync(fileOf(row.storageKey))).toBe(false);
    expect((await getDownload(image.id)).status).toBe(404);
    expect((await remove(image.id)).status).toBe(404);
  });

  it("references in mug variants and prompts become empty (ON DELETE SET NULL)", async () => {
    const image = await uploadOk({ imageType: "MUG_VARIANT_EXAMPLE" });
    const db = await getDb();
    const [variant] = await db.select().from(mugVariants).limit(1);
    const [prompt] = await db.select().from(prompts).limit(1);
    if (!variant || !prompt) throw new Error("seed data");
    await db.update(mugVariants).set({ exampleImageId: image.id }).where(eq(mugVariants.id, variant.id));
    await db.update(prompts).set({ exampleImageId: image.id }).where(eq(prompts.id, prompt.id));
    expect((await remove(image.id)).status).toBe(204);
    const [variantAfter] = await db.select().from(mugVariants).where(eq(mugVariants.id, variant.id));
    const [promptAfter] = await db.select().from(prompts).where(eq(prompts.id, prompt.id));
    expect(variantAfter?.exampleImageId).toBeNull();
    expect(promptAfter?.exampleImageId).toBeNull();
  });

  it("unknown or malformed id → 404", async () => {
    expect((await remove(999_999)).status).toBe(404);
    expect((await remove("0")).status).toBe(404);
  });
});

describe("DELETE /api/admin/images/{imageId} – an image an order prints", () => {
  it("is kept (409) so the order keeps its design", async () => {
    const db = await getDb();
    const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_USERS.customer.email));
    if (!customer) throw new Error("seeded customer");
    const image = await storeImage({
      bytes: await sharp({ create: { width: 32, height: 32, channels: 3, background: "#0af" } })
        .png()
        .toBuffer(),
      use: "generated",
      format: "webp",
      type: "GENERATED",
      ownerId: customer.id,
    });
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: `A-${image.id}`,
        userId: customer.id,
        email: TEST_USERS.customer.email,
        firstName: "T",
        lastName: "C",
        subtotalCents: 1499,
        shippingCents: 0,
        taxCents: 239,
        totalCents: 1499,
        idempotencyKey: `admin-${image.id}`,
      })
      .returning();
    if (!order) throw new Error("order inserted");
    await db.insert(orderItems).values({
      orderId: order.id,
      articleName: "Mug",
      quantity: 1,
      unitPriceCents: 1499,
      vatPercent: 19,
      totalCents: 1499,
      imageId: image.id,
    });
    const res = await call(item.DELETE, { method: "DELETE", params: { imageId: String(image.id) }, cookie: await loginAs("admin") });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "This image belongs to an order and cannot be deleted" });
    expect(await db.$count(images, eq(images.id, image.id))).toBe(1);
  });
});
