import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/admin/images/route";
import * as publicImage from "@/app/api/images/[imageId]/route";
import { call, loginAs } from "../helpers/api";
import {
  type ErrorBody,
  MB,
  setupImageFixtures,
  storedFiles,
  rowCount,
  storedRow,
  fileOf,
  png,
  jpegWithExif,
  pixelBomb,
  noisePng,
  form,
  upload,
} from "../helpers/admin-images";

setupImageFixtures();

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
