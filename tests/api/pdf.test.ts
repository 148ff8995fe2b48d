import { resetEnvCache } from "@/lib/env";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import * as pdfRoute from "@/app/api/public/pdf/generate/route";
import * as mugsRoute from "@/app/api/mugs/route";
import { call, loginAs } from "../helpers/api";
import { TEST_USERS } from "../helpers/test-db";
import { getDb } from "@/db/client";
import { articleCategories, articles, images, mugDetails, users, type ImageType } from "@/db/schema";
import { MUG_ARTICLE, SHIRT_ARTICLE } from "@/db/seed-data";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import { printRenditionKey } from "@/lib/services/print";
import { deleteImage } from "@/lib/services/images";
import type { MugDto } from "@/lib/schemas/catalog";

const PATH = "/api/public/pdf/generate";
const PT_PER_MM = 72 / 25.4;
const NOT_ALLOWED = "The image URL must point to an image stored by this shop";
const KEY = "guestKey_0123456789-abcdefghijklmnopqrstuvw"; // 43 base64url characters, like newAccessKey()

type ErrorBody = { message: string; errors?: Record<string, string> };

/** POST /api/public/pdf/generate; the answer as bytes (the JSON error envelope parsed when it is one). */
async function generate(body: unknown, opts: { cookie?: string; headers?: Record<string, string>; raw?: boolean } = {}) {
  const headers: Record<string, string> = { "accept-language": "en", "content-type": "application/json", ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  const req = new Request(`http://localhost${PATH}`, {
    method: "POST",
    headers,
    body: opts.raw && typeof body === "string" ? body : JSON.stringify(body),
  });
  const res = await pdfRoute.POST(req, { params: Promise.resolve({}) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const isJson = (res.headers.get("content-type") ?? "").includes("application/json");
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    json: (isJson ? JSON.parse(bytes.toString("utf8")) : null) as ErrorBody | null,
  };
}

// ---- a minimal PDF reader: objects (with their stream bytes), the page, its image and where it is drawn ----

interface PdfObject {
  num: number;
  dict: string;
  stream?: Buffer;
}

function pdfObjects(pdf: Buffer): PdfObject[] {
  const text = pdf.toString("latin1");
  const out: PdfObject[] = [];
  const header = /(\d+) 0 obj\b/g;
  let pos = 0;
  for (;;) {
    header.lastIndex = pos;
    const m = header.exec(text);
    if (!m) break;
    const start = m.index + m[0].length;
    const end = text.indexOf("endobj", start);
    const streamAt = text.indexOf("stream", start);
    if (streamAt !== -1 && streamAt < end) {
      const dict = text.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      let dataStart = streamAt + "stream".length;
      if (text[dataStart] === "\r") dataStart++;
      if (text[dataStart] === "\n") dataStart++;
      out.push({ num: Number(m[1]), dict, stream: pdf.subarray(dataStart, dataStart + length) });
      pos = text.indexOf("endobj", dataStart + length) + "endobj".length;
    } else {
      out.push({ num: Number(m[1]), dict: text.slice(start, end) });
      pos = end + "endobj".length;
    }
  }
  return out;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/** The page-space rectangle of every image drawn (`Do`) in a content stream: q/Q and cm tracked. */
function drawnImages(content: string): { name: string; left: number; bottom: number; right: number; top: number }[] {
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  let operands: string[] = [];
  const drawn: { name: string; left: number; bottom: number; right: number; top: number }[] = [];
  for (const token of content.split(/\s+/).filter(Boolean)) {
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token) || token.startsWith("/")) {
      operands.push(token);
      continue;
    }
    if (token === "q") stack.push(ctm);
    else if (token === "Q") ctm = stack.pop() ?? ctm;
    else if (token === "cm") ctm = multiply(operands.slice(-6).map(Number) as Matrix, ctm);
    else if (token === "Do") {
      const corners = [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ].map(([u = 0, v = 0]) => [ctm[0] * u + ctm[2] * v + ctm[4], ctm[1] * u + ctm[3] * v + ctm[5]] as const);
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      drawn.push({
        name: operands.at(-1) ?? "",
        left: Math.min(...xs),
        right: Math.max(...xs),
        bottom: Math.min(...ys),
        top: Math.max(...ys),
      });
    }
    operands = [];
  }
  return drawn;
}

function infoString(pdf: Buffer, objects: PdfObject[], key: string): string | undefined {
  const info = objects.find((o) => /\/Producer\b/.test(o.dict) && /\/Creator\b/.test(o.dict));
  const ref = info && new RegExp(`/${key} (\\d+) 0 R`).exec(info.dict)?.[1];
  const target = objects.find((o) => String(o.num) === ref);
  return target && /^\s*\((.*)\)\s*$/s.exec(target.dict)?.[1];
}

function readPdf(pdf: Buffer) {
  const objects = pdfObjects(pdf);
  const pages = objects.filter((o) => /\/Type \/Page\b(?!s)/.test(o.dict));
  const imageObjects = objects.filter((o) => /\/Subtype \/Image\b/.test(o.dict));
  const page = pages[0];
  const box = page && /\/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(page.dict);
  const contentsRef = page && /\/Contents (\d+) 0 R/.exec(page.dict)?.[1];
  const contents = objects.find((o) => String(o.num) === contentsRef)?.stream;
  const content = contents
    ? (/\/FlateDecode/.test(objects.find((o) => o.stream === contents)?.dict ?? "") ? zlib.inflateSync(contents) : contents).toString(
        "latin1",
      )
    : "";
  const image = imageObjects[0];
  return {
    pageCount: pages.length,
    mediaBox: box ? box.slice(1, 5).map(Number) : [],
    imageCount: imageObjects.length,
    image: image && {
      width: Number(/\/Width (\d+)/.exec(image.dict)?.[1]),
      height: Number(/\/Height (\d+)/.exec(image.dict)?.[1]),
      filter: /\/Filter \/(\w+)/.exec(image.dict)?.[1],
      bytes: image.stream ?? Buffer.alloc(0),
    },
    drawn: drawnImages(content),
    title: infoString(pdf, objects, "Title"),
    creator: infoString(pdf, objects, "Creator"),
    subject: infoString(pdf, objects, "Subject"),
  };
}

// ---- fixtures ----

interface MugGeometry {
  printTemplateWidthMm: number;
  printTemplateHeightMm: number;
  documentWidthMm: number;
  documentHeightMm: number;
  documentBottomMarginMm: number;
}

/** The PDF is the mug's document format, with one JPEG image exactly in the template area. */
function expectPrintLayout(pdfBytes: Buffer, mug: MugGeometry) {
  expect(pdfBytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const pdf = readPdf(pdfBytes);
  expect(pdf.pageCount).toBe(1);
  const [x0, y0, w, h] = pdf.mediaBox;
  expect(x0).toBe(0);
  expect(y0).toBe(0);
  expect(w).toBeCloseTo(mug.documentWidthMm * PT_PER_MM, 2);
  expect(h).toBeCloseTo(mug.documentHeightMm * PT_PER_MM, 2);
  expect(pdf.imageCount).toBe(1);
  expect(pdf.image?.filter).toBe("DCTDecode");
  expect(pdf.image?.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(pdf.drawn).toHaveLength(1);
  const drawn = pdf.drawn[0];
  if (!drawn) throw new Error("an image is drawn");
  const left = ((mug.documentWidthMm - mug.printTemplateWidthMm) / 2) * PT_PER_MM;
  expect(drawn.left).toBeCloseTo(left, 2);
  expect(drawn.right).toBeCloseTo(left + mug.printTemplateWidthMm * PT_PER_MM, 2);
  expect(drawn.bottom).toBeCloseTo(mug.documentBottomMarginMm * PT_PER_MM, 2);
  expect(drawn.top).toBeCloseTo((mug.documentBottomMarginMm + mug.printTemplateHeightMm) * PT_PER_MM, 2);
  expect(pdf.creator).toBe("MugMagic");
  return pdf;
}

async function userId(email: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`user ${email} exists`);
  return row.id;
}

/** Stores bytes and an image row as the image service would (owner, or an anonymous visitor's access key). */
async function insertImage(
  bytes: Buffer,
  opts: { ownerId?: number | null; accessKey?: string; type?: ImageType; writeFile?: boolean } = {},
) {
  const meta = await sharp(bytes).metadata();
  const format = meta.format === "jpeg" ? "jpeg" : (meta.format ?? "webp");
  const storageKey = newStorageKey("test", format);
  if (opts.writeFile !== false) await getStorage().put(storageKey, bytes, `image/${format}`);
  const db = await getDb();
  const [row] = await db
    .insert(images)
    .values({
      ownerId: opts.ownerId ?? null,
      accessKey: opts.accessKey ?? null,
      type: opts.type ?? "UPLOADED",
      storageKey,
      mimeType: `image/${format}`,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      sizeBytes: bytes.length,
    })
    .returning({ id: images.id });
  if (!row) throw new Error("image inserted");
  return row.id;
}

const solid = (width: number, height: number, colour: string) => sharp({ create: { width, height, channels: 3, background: colour } });

async function insertMug(name: string, active: boolean, details: MugGeometry | null): Promise<number> {
  const db = await getDb();
  const [category] = await db.select({ id: articleCategories.id }).from(articleCategories).limit(1);
  if (!category) throw new Error("a category exists");
  const [article] = await db
    .insert(articles)
    .values({ type: "MUG", name, active, articleNumber: name.toUpperCase().replace(/\s+/g, "-"), categoryId: category.id })
    .returning({ id: articles.id });
  if (!article) throw new Error("article inserted");
  if (details) await db.insert(mugDetails).values({ ...MUG_ARTICLE.details, ...details, articleId: article.id });
  return article.id;
}

async function articleId(articleNumber: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.articleNumber, articleNumber));
  if (!row) throw new Error(`article ${articleNumber} exists`);
  return row.id;
}

const sample = MUG_ARTICLE.details;
/** The sample mug's 200 × 80 mm template at 300 DPI. */
const PRINT_SIZE = { width: 2362, height: 945 };
let mugId: number;
let catalogueUrl: string;
let ownImageId: number;
let lowResImageId: number;
let tallImageId: number;
let guestImageId: number;

// A local HTTP server that records every request: the endpoint must never make one.
const hits: string[] = [];
let hitServer: http.Server;
let base: string;

beforeAll(async () => {
  hitServer = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url?.startsWith("/redirect")) res.writeHead(302, { location: `${base}/api/images/1` }).end();
    else res.writeHead(200, { "content-type": "image/jpeg" }).end(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  });
  await new Promise<void>((resolve) => hitServer.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(hitServer.address() as AddressInfo).port}`;

  mugId = await articleId(MUG_ARTICLE.articleNumber);
  const mugs = (await call<MugDto[]>(mugsRoute.GET, { path: "/api/mugs" })).body;
  const url = mugs.find((m) => m.id === mugId)?.variants[0]?.exampleImageUrl;
  if (!url) throw new Error("the sample mug has a catalogue example image");
  catalogueUrl = url;

  const customer = await userId(TEST_USERS.customer.email);
  // 2600 × 1300 (2:1) → cover crop 2600 × 1040 (200:80) → 330 DPI, embedded at 300 DPI: 2362 × 945.
  ownImageId = await insertImage(await solid(2600, 1300, "#2255aa").webp({ quality: 80 }).toBuffer(), { ownerId: customer });
  // 400 × 160 → 51 DPI, never scaled up.
  lowResImageId = await insertImage(await solid(400, 160, "#aa5522").jpeg().toBuffer(), { ownerId: customer, type: "GENERATED" });
  // 600 × 900, red top and bottom thirds around a blue middle → the centred 600 × 240 crop is all blue.
  const blue = await solid(600, 300, "#0000ff").png().toBuffer();
  const tall = await solid(600, 900, "#ff0000")
    .composite([{ input: blue, top: 300, left: 0 }])
    .png()
    .toBuffer();
  tallImageId = await insertImage(tall, { ownerId: customer });
  guestImageId = await insertImage(await solid(800, 320, "#22aa55").jpeg().toBuffer(), { accessKey: KEY, type: "GENERATED" });
});

afterAll(async () => {
  await new Promise<void>((resolve) => hitServer.close(() => resolve()));
});

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

describe("POST /api/public/pdf/generate – image URLs: only this shop's images, never fetched", () => {
  it("a URL of the configured public origin (AUTH_URL) is accepted — and still nothing is fetched", async () => {
    const previous = process.env.AUTH_URL;
    process.env.AUTH_URL = base; // even pointing at the recording server, the URL only names an image
    resetEnvCache();
    try {
      const res = await generate({ mugId, imageUrl: `${base}/api/images/${ownImageId}` }, { cookie: await loginAs("customer") });
      expect(res.status).toBe(200);
      expectPrintLayout(res.bytes, sample);
    } finally {
      if (previous === undefined) delete process.env.AUTH_URL;
      else process.env.AUTH_URL = previous;
      resetEnvCache();
    }
    expect(hits).toEqual([]);
  });

  const refused = (id: () => number): (() => string)[] => [
    // the recording server, directly and through redirects, in several spellings
    () => `${base}/api/images/${id()}`,
    () => `${base}/redirect`,
    () => `${base}/redirect?to=/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "localhost")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "127.1")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "2130706433")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "0x7f000001")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "[::1]")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "[::ffff:127.0.0.1]")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "localtest.me")}/api/images/${id()}`,
    () => `${base.replace("http://", "http://localhost@")}/api/images/${id()}`,
    () => `${base}#@localhost/api/images/${id()}`,
    () => `${base}\\@localhost/api/images/${id()}`,
    () => `http://localhost\\@${base.slice("http://".length)}/api/images/${id()}`,
    () => `${base.replace("http:", "")}/api/images/${id()}`,
    () => `/\\${base.slice("http://".length)}/api/images/${id()}`,
    () => `/api/images/${id()}?redirect=${base}/redirect`,
    () => `http://localhost/api/images/${id()}?next=${encodeURIComponent(base)}`,
    () => `http://localhost/api/auth/login?callbackUrl=${base}/redirect`,
    // other hosts, schemes, metadata and private addresses
    () => `http://evil.example/api/images/${id()}`,
    () => `http://localhost.evil.example/api/images/${id()}`,
    () => `https://localhost/api/images/${id()}`,
    () => `http://localhost:8080/api/images/${id()}`,
    () => `http://127.0.0.1/api/images/${id()}`,
    () => `http://169.254.169.254/latest/meta-data/iam/security-credentials/`,
    () => `http://169.254.169.254/api/images/${id()}`,
    () => `http://metadata.google.internal/api/images/${id()}`,
    () => `http://10.0.0.1/api/images/${id()}`,
    () => `http://192.168.1.1/api/images/${id()}`,
    () => `http://[::1]/api/images/${id()}`,
    () => `file:///etc/passwd`,
    () => `file://localhost/api/images/${id()}`,
    () => `data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBD`,
    () => `javascript:alert(1)//api/images/${id()}`,
    () => `ftp://localhost/api/images/${id()}`,
    // userinfo, encoded paths, backslashes, dot segments, other queries
    () => `http://localhost@evil.example/api/images/${id()}`,
    () => `http://evil.example@localhost/api/images/${id()}`,
    () => `/api/images/%2e%2e/${id()}`,
    () => `/api/images/%2e%2e%2f..%2fadmin`,
    () => `/api/images/%3${String(id()).slice(0, 1)}`,
    () => `\\api\\images\\${id()}`,
    () => `/api\\images/${id()}`,
    () => `/api/images/${id()}/../${id()}`,
    () => `/api/images/./${id()}`,
    () => `/api/images/${id()}/`,
    () => `/api/images/0${id()}`,
    () => `/api/images/${id()}?x=1`,
    () => `/api/images/${id()}?key=${KEY}&x=1`,
    () => `/api/images/${id()}#frag`,
    () => ` /api/images/${id()}`,
    () => `/api/images/${id()}\n`,
    () => `http://ｌocalhost/api/images/${id()}`,
    () => `api/images/${id()}`,
    () => `/api/images/0`,
    () => `/api/images/2147483648`,
  ];

  it("every other URL form → 400 with the message, and the recording server gets no request at all", async () => {
    const cookie = await loginAs("customer");
    for (const make of refused(() => ownImageId)) {
      const imageUrl = make();
      const res = await generate({ mugId, imageUrl }, { cookie });
      expect(res.status, imageUrl).toBe(400);
      expect(res.json, imageUrl).toEqual({ message: NOT_ALLOWED, requestId: expect.any(String) });
    }
    // Wait a moment: a fire-and-forget request would arrive after the answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hits).toEqual([]);
  });

  it("the refusal is translated: German caller", async () => {
    const res = await generate({ mugId, imageUrl: `${base}/api/images/1` }, { headers: { cookie: "NEXT_LOCALE=de" } });
    expect(res.status).toBe(400);
    expect(res.json?.message).toBe("Die Bild-URL muss auf ein Bild verweisen, das in diesem Shop gespeichert ist");
  });

  it("the recording server does answer when asked directly (so zero hits above means zero requests)", async () => {
    const res = await fetch(`${base}/probe`);
    expect(res.status).toBe(200);
    expect(hits).toEqual(["GET /probe"]);
    hits.length = 0;
  });
});

describe("POST /api/public/pdf/generate – access to the image: someone else's is 404 like an unknown one", () => {
  const cases: { who: "anonymous" | "other"; title: string }[] = [
    { who: "anonymous", title: "anonymous caller" },
    { who: "other", title: "another customer" },
  ];
  for (const { who, title } of cases) {
    it(`a customer's private image, ${title} → 404 Not found`, async () => {
      const cookie = who === "anonymous" ? undefined : await loginAs(who);
      const res = await generate({ mugId, imageUrl: `/api/images/${ownImageId}` }, { cookie });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ message: "Not found" });
    });
  }

  it("unknown image id → the same 404", async () => {
    const res = await generate({ mugId, imageUrl: "/api/images/999999" }, { cookie: await loginAs("customer") });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ message: "Not found" });
  });

  it("an image row whose file is missing in storage → 404, never 500", async () => {
    const id = await insertImage(await solid(10, 10, "#000").jpeg().toBuffer(), {
      ownerId: await userId(TEST_USERS.customer.email),
      writeFile: false,
    });
    const res = await generate({ mugId, imageUrl: `/api/images/${id}` }, { cookie: await loginAs("customer") });
    expect(res.status).toBe(404);
  });
});

describe("POST /api/public/pdf/generate – the mug must be an active mug", () => {
  it("unknown mug, inactive mug, mug without details, shirt article → 404 Invalid mug ID", async () => {
    const inactive = await insertMug("Mug test inactive", false, sample);
    const noDetails = await insertMug("Mug test no details", true, null);
    const shirt = await articleId(SHIRT_ARTICLE.articleNumber);
    for (const id of [999999, inactive, noDetails, shirt]) {
      const res = await generate({ mugId: id, imageUrl: catalogueUrl });
      expect(res.status, String(id)).toBe(404);
      expect(res.json, String(id)).toEqual({ message: "Invalid mug ID", requestId: expect.any(String) });
    }
  });

  it("answers in German: Ungültige Tassen-ID", async () => {
    const res = await generate({ mugId: 999999, imageUrl: catalogueUrl }, { headers: { "accept-language": "de-DE" } });
    expect(res.status).toBe(404);
    expect(res.json?.message).toBe("Ungültige Tassen-ID");
  });
});

describe("POST /api/public/pdf/generate – bad bodies → 4xx with the field map, never 500", () => {
  const rows: { title: string; body: () => unknown; fields: Record<string, string> }[] = [
    { title: "empty object", body: () => ({}), fields: { mugId: "Mug ID is required", imageUrl: "Image URL is required" } },
    { title: "mugId missing", body: () => ({ imageUrl: catalogueUrl }), fields: { mugId: "Mug ID is required" } },
    { title: "mugId null", body: () => ({ mugId: null, imageUrl: catalogueUrl }), fields: { mugId: "Mug ID is required" } },
    {
      title: "mugId a string",
      body: () => ({ mugId: String(mugId), imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    {
      title: "mugId zero",
      body: () => ({ mugId: 0, imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    {
      title: "mugId negative",
      body: () => ({ mugId: -3, imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    {
      title: "mugId fractional",
      body: () => ({ mugId: 1.5, imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    {
      title: "mugId too large",
      body: () => ({ mugId: 2 ** 31, imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    {
      title: "mugId boolean",
      body: () => ({ mugId: true, imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    { title: "imageUrl missing", body: () => ({ mugId }), fields: { imageUrl: "Image URL is required" } },
    { title: "imageUrl null", body: () => ({ mugId, imageUrl: null }), fields: { imageUrl: "Image URL is required" } },
    { title: "imageUrl empty", body: () => ({ mugId, imageUrl: "" }), fields: { imageUrl: "Image URL is required" } },
    { title: "imageUrl a number", body: () => ({ mugId, imageUrl: 42 }), fields: { imageUrl: "Invalid value" } },
    { title: "imageUrl an object", body: () => ({ mugId, imageUrl: { uri: catalogueUrl } }), fields: { imageUrl: "Invalid value" } },
    { title: "imageUrl an array", body: () => ({ mugId, imageUrl: [catalogueUrl] }), fields: { imageUrl: "Invalid value" } },
    {
      title: "imageUrl too long",
      body: () => ({ mugId, imageUrl: `/api/images/1?key=${"k".repeat(2040)}` }),
      fields: { imageUrl: "Image URL must be at most 2048 characters" },
    },
    { title: "body null", body: () => null, fields: { _: "This field is required" } },
    { title: "body an array", body: () => [mugId, catalogueUrl], fields: { _: "Invalid value" } },
    { title: "body a string", body: () => "generate", fields: { _: "Invalid value" } },
  ];
  for (const row of rows) {
    it(`${row.title} → 422 with the field messages`, async () => {
      const res = await generate(row.body());
      expect(res.status).toBe(422);
      expect(res.json?.message).toBe("Validation failed");
      expect(res.json?.errors).toEqual(row.fields);
    });
  }

  it("German field messages", async () => {
    const res = await generate({ mugId: "x" }, { headers: { "accept-language": "de" } });
    expect(res.json?.errors).toEqual({ mugId: "Die Tassen-ID muss eine positive ganze Zahl sein", imageUrl: "Bild-URL ist erforderlich" });
  });

  it("a 2048-character URL passes validation and is then refused as not ours (400)", async () => {
    const imageUrl = `http://evil.example/${"a".repeat(2048 - "http://evil.example/".length)}`;
    expect(imageUrl).toHaveLength(2048);
    const res = await generate({ mugId, imageUrl });
    expect(res.status).toBe(400);
  });

  it("malformed JSON → 400, a non-JSON content type → 415", async () => {
    const bad = await generate('{"mugId": 1, imageUrl: ', { raw: true });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: "The request body is not valid JSON" });
    const form = await generate("mugId=1&imageUrl=/api/images/1", {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.json).toMatchObject({ message: "The request body must be JSON" });
  });
});

describe("POST /api/public/pdf/generate – rate limit per client address", () => {
  it("after PDF_PER_HOUR rendered files the client gets 429; refused URLs do not count; other clients are unaffected", async () => {
    process.env.PDF_PER_HOUR = "2";
    resetEnvCache();
    try {
      const mugId = await articleId("MUG-001");
      const db = await getDb();
      const [img] = await db.select({ id: images.id }).from(images).where(eq(images.type, "CATALOGUE")).limit(1);
      if (!img) throw new Error("catalogue image");
      const ip = { "x-forwarded-for": "198.51.100.200" };
      expect((await generate({ mugId, imageUrl: "http://evil.example/x.png" }, { headers: ip })).status).toBe(400);
      expect((await generate({ mugId, imageUrl: `/api/images/${img.id}` }, { headers: ip })).status).toBe(200);
      expect((await generate({ mugId, imageUrl: `/api/images/${img.id}` }, { headers: ip })).status).toBe(200);
      const limited = await generate({ mugId, imageUrl: `/api/images/${img.id}` }, { headers: ip });
      expect(limited.status).toBe(429);
      expect(limited.json?.message).toBe("Too many print files requested. Please try again later.");
      expect(
        (await generate({ mugId, imageUrl: `/api/images/${img.id}` }, { headers: { "x-forwarded-for": "198.51.100.201" } })).status,
      ).toBe(200);
    } finally {
      delete process.env.PDF_PER_HOUR;
      resetEnvCache();
    }
  });
});
