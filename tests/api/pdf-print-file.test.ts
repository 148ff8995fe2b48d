import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { loginAs } from "../helpers/api";
import { TEST_USERS } from "../helpers/test-db";
import { getDb } from "@/db/client";
import { images } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { getStorage } from "@/lib/integrations/storage";
import { printRenditionKey } from "@/lib/services/print";
import { deleteImage } from "@/lib/services/images";
import {
  KEY,
  PRINT_SIZE,
  catalogueUrl,
  expectPrintLayout,
  generate,
  guestImageId,
  insertImage,
  insertMug,
  lowResImageId,
  mugId,
  ownImageId,
  readPdf,
  sample,
  setupPdfFixtures,
  solid,
  tallImageId,
  userId,
} from "../helpers/pdf";

setupPdfFixtures();

describe("POST /api/public/pdf/generate – the print PDF", () => {
  it("sample mug + catalogue image (anonymous) → 200 PDF in the mug's document format", async () => {
    const res = await generate({ mugId, imageUrl: catalogueUrl });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${MUG_ARTICLE.articleNumber}-print.pdf"`);
    expect(res.headers.get("content-length")).toBe(String(res.bytes.length));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const pdf = expectPrintLayout(res.bytes, sample);
    // The 512 × 512 example picture, cover-cropped to 200:80 → 512 × 205, 65 DPI: flagged, and upscaled
    // for print to 300 DPI at the template size (2362 × 945 px).
    expect(pdf.image).toMatchObject(PRINT_SIZE);
    expect(res.headers.get("x-print-dpi")).toBe("65");
    expect(res.headers.get("x-print-dpi-ok")).toBe("false");
    expect(res.headers.get("x-print-source-dpi")).toBe("65");
    expect(res.headers.get("x-print-effective-dpi")).toBe("300");
    expect(res.headers.get("x-print-upscale")).toBe("4.61");
    expect(pdf.title).toBe(`${MUG_ARTICLE.articleNumber} print file`);
    expect(pdf.subject).toBe("Print image 200 x 80 mm at 300 DPI, source 65 DPI");
  });

  it("the customer's own image (signed in as its owner) → 200, cover-fitted and capped at 300 DPI", async () => {
    const res = await generate({ mugId, imageUrl: `/api/images/${ownImageId}` }, { cookie: await loginAs("customer") });
    expect(res.status).toBe(200);
    const pdf = expectPrintLayout(res.bytes, sample);
    expect(res.headers.get("x-print-dpi")).toBe("330");
    expect(res.headers.get("x-print-dpi-ok")).toBe("true");
    expect(pdf.subject).toBe("Print image 200 x 80 mm at 300 DPI, source 330 DPI");
    expect(pdf.image).toMatchObject({ width: Math.round((200 / 25.4) * 300), height: Math.round((80 / 25.4) * 300) });
    // Scaled down, never up: 2600 px of source → 2362 px.
    expect(res.headers.get("x-print-effective-dpi")).toBe("300");
    expect(res.headers.get("x-print-upscale")).toBe("0.91");
    const embedded = await sharp(pdf.image?.bytes).metadata();
    expect(embedded).toMatchObject({ format: "jpeg", width: 2362, height: 945 });
  });

  it("the same image by an absolute URL of the request's own origin → 200", async () => {
    const res = await generate({ mugId, imageUrl: `http://localhost/api/images/${ownImageId}` }, { cookie: await loginAs("customer") });
    expect(res.status).toBe(200);
    expectPrintLayout(res.bytes, sample);
  });

  it("a low-resolution image is upscaled to 300 DPI at the template size for print, and still flagged: x-print-dpi-ok false", async () => {
    const res = await generate({ mugId, imageUrl: `/api/images/${lowResImageId}` }, { cookie: await loginAs("customer") });
    expect(res.status).toBe(200);
    const pdf = expectPrintLayout(res.bytes, sample);
    expect(pdf.image).toMatchObject(PRINT_SIZE);
    expect(await sharp(pdf.image?.bytes).metadata()).toMatchObject({ format: "jpeg", ...PRINT_SIZE });
    expect(res.headers.get("x-print-dpi")).toBe("51");
    expect(res.headers.get("x-print-dpi-ok")).toBe("false");
    expect(res.headers.get("x-print-source-dpi")).toBe("51");
    expect(res.headers.get("x-print-effective-dpi")).toBe("300");
    expect(res.headers.get("x-print-upscale")).toBe("5.91");
    expect(pdf.subject).toBe("Print image 200 x 80 mm at 300 DPI, source 51 DPI");
  });

  it("the upscale is a smooth resize, not blocks: a hard edge becomes a short ramp with no staircase of 5.9-px blocks", async () => {
    // 400 × 160: left half black, right half white, with a diagonal edge across the middle.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><rect width="400" height="160" fill="#fff"/><polygon points="0,0 180,0 220,160 0,160" fill="#000"/></svg>`;
    const id = await insertImage(await sharp(Buffer.from(svg)).png().toBuffer(), {
      ownerId: await userId(TEST_USERS.customer.email),
      type: "GENERATED",
    });
    const res = await generate({ mugId, imageUrl: `/api/images/${id}` }, { cookie: await loginAs("customer") });
    expect(res.status).toBe(200);
    const pdf = readPdf(res.bytes);
    const { data, info } = await sharp(pdf.image?.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject(PRINT_SIZE);
    // Along one row the values go from black to white: with a nearest-neighbour upscale every value is 0 or 255;
    // here there are intermediate values right at the edge, and the plateaus stay flat (little ringing).
    const row = [...data.subarray(470 * info.width, 471 * info.width)];
    expect(row.filter((v) => v > 40 && v < 215).length).toBeGreaterThanOrEqual(2);
    expect(row.filter((v) => v > 40 && v < 215).length).toBeLessThan(40);
    expect(Math.max(...row.slice(0, 800))).toBeLessThan(40);
    expect(Math.min(...row.slice(1600))).toBeGreaterThan(215);
  });

  it("cover fit: a tall image is cropped to the template's aspect around its centre, not distorted", async () => {
    const res = await generate({ mugId, imageUrl: `/api/images/${tallImageId}` }, { cookie: await loginAs("customer") });
    expect(res.status).toBe(200);
    const pdf = expectPrintLayout(res.bytes, sample);
    expect(pdf.image).toMatchObject(PRINT_SIZE);
    expect(res.headers.get("x-print-dpi")).toBe("76");
    const { channels } = await sharp(pdf.image?.bytes).stats();
    expect(channels[0]?.max).toBeLessThan(40); // no red from the top or bottom third
    expect(channels[2]?.min).toBeGreaterThan(215);
  });

  it("an admin may print a customer's image", async () => {
    const res = await generate({ mugId, imageUrl: `/api/images/${ownImageId}` }, { cookie: await loginAs("admin") });
    expect(res.status).toBe(200);
  });

  it("an anonymous visitor's image with its access key → 200; without or with a wrong key → 404", async () => {
    const ok = await generate({ mugId, imageUrl: `/api/images/${guestImageId}?key=${KEY}` });
    expect(ok.status).toBe(200);
    expectPrintLayout(ok.bytes, sample);
    expect(ok.headers.get("x-print-dpi")).toBe("102");
    const wrongKey = `${KEY.slice(0, -1)}x`;
    for (const imageUrl of [`/api/images/${guestImageId}`, `/api/images/${guestImageId}?key=${wrongKey}`]) {
      const res = await generate({ mugId, imageUrl }, { cookie: await loginAs("other") });
      expect(res.status, imageUrl).toBe(404);
      expect(res.json).toMatchObject({ message: "Not found" });
    }
  });

  it("another mug's document format: page, position and size follow its details exactly", async () => {
    const geometry = {
      documentWidthMm: 250.5,
      documentHeightMm: 110,
      printTemplateWidthMm: 230,
      printTemplateHeightMm: 95.25,
      documentBottomMarginMm: 7.5,
    };
    const wideMug = await insertMug("Mug test wide", true, geometry);
    const res = await generate({ mugId: wideMug, imageUrl: catalogueUrl });
    expect(res.status).toBe(200);
    expectPrintLayout(res.bytes, geometry);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="MUG-TEST-WIDE-print.pdf"');
    const flush = { ...geometry, documentBottomMarginMm: 0 };
    const flushMug = await insertMug("Mug test flush", true, flush);
    expectPrintLayout((await generate({ mugId: flushMug, imageUrl: catalogueUrl })).bytes, flush);
  });
});

describe("POST /api/public/pdf/generate – the print-ready JPEG is kept in storage and reused", () => {
  async function storageKeyOf(id: number): Promise<string> {
    const db = await getDb();
    const [row] = await db.select({ storageKey: images.storageKey }).from(images).where(eq(images.id, id));
    if (!row) throw new Error(`image ${id} exists`);
    return row.storageKey;
  }
  const renditionFile = (key: string) => path.join(process.env.STORAGE_DIR ?? "", key);

  it("the first print stores the 300-DPI JPEG under a key from the image's storage key, size and version; the second embeds it without reading the photo or encoding again", async () => {
    const cookie = await loginAs("customer");
    const id = await insertImage(await solid(500, 200, "#336699").jpeg().toBuffer(), {
      ownerId: await userId(TEST_USERS.customer.email),
      type: "GENERATED",
    });
    const storageKey = await storageKeyOf(id);
    const key = printRenditionKey(storageKey, PRINT_SIZE.width, PRINT_SIZE.height);
    expect(key).toMatch(/^print\/[0-9a-f]{40}-2362x945-v\d+\.jpg$/);
    expect(await getStorage().get(key)).toBeNull();

    const first = await generate({ mugId, imageUrl: `/api/images/${id}` }, { cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-print-upscale")).toBe("4.72");
    const stored = await getStorage().get(key);
    expect(stored).not.toBeNull();
    expect(readPdf(first.bytes).image?.bytes.equals(stored ?? Buffer.alloc(0))).toBe(true);
    const { mtimeMs } = fs.statSync(renditionFile(key));

    // Without the photo in storage the print still works: only the stored rendition is read.
    await getStorage().delete(storageKey);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await generate({ mugId, imageUrl: `/api/images/${id}` }, { cookie });
    expect(second.status).toBe(200);
    expect(readPdf(second.bytes).image?.bytes.equals(stored ?? Buffer.alloc(0))).toBe(true);
    expect(second.headers.get("x-print-source-dpi")).toBe("63");
    expect(second.headers.get("x-print-effective-dpi")).toBe("300");
    expect(second.headers.get("x-print-upscale")).toBe("4.72");
    expect(fs.statSync(renditionFile(key)).mtimeMs).toBe(mtimeMs);

    // Proof that nothing is re-encoded: whatever JPEG sits under the key is embedded byte for byte.
    const marker = await solid(PRINT_SIZE.width, PRINT_SIZE.height, "#ff00ff").jpeg({ quality: 50 }).toBuffer();
    await getStorage().put(key, marker, "image/jpeg");
    const third = await generate({ mugId, imageUrl: `/api/images/${id}` }, { cookie });
    expect(third.status).toBe(200);
    expect(readPdf(third.bytes).image?.bytes.equals(marker)).toBe(true);
  });

  it("another template size is another rendition (its own 300-DPI pixel size), made from the same photo", async () => {
    const cookie = await loginAs("customer");
    const id = await insertImage(await solid(3000, 1200, "#993366").jpeg().toBuffer(), {
      ownerId: await userId(TEST_USERS.customer.email),
      type: "GENERATED",
    });
    const storageKey = await storageKeyOf(id);
    const geometry = {
      documentWidthMm: 250,
      documentHeightMm: 110,
      printTemplateWidthMm: 230,
      printTemplateHeightMm: 95,
      documentBottomMarginMm: 5,
    };
    const otherMug = await insertMug("Mug test rendition", true, geometry);
    const res = await generate({ mugId: otherMug, imageUrl: `/api/images/${id}` }, { cookie });
    expect(res.status).toBe(200);
    // 3000 × 1200 → cover crop 2905 × 1200 for 230:95 → 321 DPI of its own: scaled down, not up.
    expect(readPdf(res.bytes).image).toMatchObject({ width: 2717, height: 1122 });
    expect(res.headers.get("x-print-source-dpi")).toBe("321");
    expect(res.headers.get("x-print-upscale")).toBe("0.94");
    expect(await getStorage().get(printRenditionKey(storageKey, 2717, 1122))).not.toBeNull();
    expect(await getStorage().get(printRenditionKey(storageKey, PRINT_SIZE.width, PRINT_SIZE.height))).toBeNull();
  });

  it("deleting the image deletes its print renditions too (every template size it was printed at)", async () => {
    const cookie = await loginAs("customer");
    const id = await insertImage(await solid(3000, 1200, "#335577").jpeg().toBuffer(), {
      ownerId: await userId(TEST_USERS.customer.email),
      type: "GENERATED",
    });
    const storageKey = await storageKeyOf(id);
    const geometry = {
      documentWidthMm: 250,
      documentHeightMm: 110,
      printTemplateWidthMm: 230,
      printTemplateHeightMm: 95,
      documentBottomMarginMm: 5,
    };
    const otherMug = await insertMug("Mug test rendition delete", true, geometry);
    expect((await generate({ mugId, imageUrl: `/api/images/${id}` }, { cookie })).status).toBe(200);
    expect((await generate({ mugId: otherMug, imageUrl: `/api/images/${id}` }, { cookie })).status).toBe(200);
    const keys = [printRenditionKey(storageKey, PRINT_SIZE.width, PRINT_SIZE.height), printRenditionKey(storageKey, 2717, 1122)];
    for (const key of keys) expect(await getStorage().get(key)).not.toBeNull();

    expect(await deleteImage(id)).toBe(true);
    expect(await getStorage().get(storageKey)).toBeNull();
    for (const key of keys) expect(await getStorage().get(key), key).toBeNull();
  });

  it("two prints of a new image at once both succeed with the same embedded JPEG", async () => {
    const cookie = await loginAs("customer");
    const id = await insertImage(await solid(700, 280, "#119955").jpeg().toBuffer(), {
      ownerId: await userId(TEST_USERS.customer.email),
      type: "GENERATED",
    });
    const [a, b] = await Promise.all([
      generate({ mugId, imageUrl: `/api/images/${id}` }, { cookie }),
      generate({ mugId, imageUrl: `/api/images/${id}` }, { cookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const stored = await getStorage().get(printRenditionKey(await storageKeyOf(id), PRINT_SIZE.width, PRINT_SIZE.height));
    expect(readPdf(a.bytes).image?.bytes.equals(stored ?? Buffer.alloc(0))).toBe(true);
    expect(readPdf(b.bytes).image?.bytes.equals(stored ?? Buffer.alloc(0))).toBe(true);
  });
});
