import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import * as pdfRoute from "@/app/api/public/pdf/generate/route";
import * as mugsRoute from "@/app/api/mugs/route";
import { getDb } from "@/db/client";
import { articleCategories, articles, images, mugDetails, users, type ImageType } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import type { MugDto } from "@/lib/schemas/catalog";
import { call } from "./api";
import { TEST_USERS } from "./test-db";

const PATH = "/api/public/pdf/generate";
const PT_PER_MM = 72 / 25.4;
export const NOT_ALLOWED = "The image URL must point to an image stored by this shop";
export const KEY = "guestKey_0123456789-abcdefghijklmnopqrstuvw"; // 43 base64url characters, like newAccessKey()

type ErrorBody = { message: string; errors?: Record<string, string> };

export async function generate(body: unknown, opts: { cookie?: string; headers?: Record<string, string>; raw?: boolean } = {}) {
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

export function readPdf(pdf: Buffer) {
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

interface MugGeometry {
  printTemplateWidthMm: number;
  printTemplateHeightMm: number;
  documentWidthMm: number;
  documentHeightMm: number;
  documentBottomMarginMm: number;
}

export function expectPrintLayout(pdfBytes: Buffer, mug: MugGeometry) {
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

export async function userId(email: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`user ${email} exists`);
  return row.id;
}

export async function insertImage(
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

export const solid = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

export async function insertMug(name: string, active: boolean, details: MugGeometry | null): Promise<number> {
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

export async function articleId(articleNumber: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.articleNumber, articleNumber));
  if (!row) throw new Error(`article ${articleNumber} exists`);
  return row.id;
}

export const sample = MUG_ARTICLE.details;
export const PRINT_SIZE = { width: 2362, height: 945 };
export let mugId: number;
export let catalogueUrl: string;
export let ownImageId: number;
export let lowResImageId: number;
export let tallImageId: number;
export let guestImageId: number;

// A local HTTP server that records every request: the endpoint must never make one.
export const hits: string[] = [];
let hitServer: http.Server;
export let base: string;

export function setupPdfFixtures(): void {
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
    ownImageId = await insertImage(await solid(2600, 1300, "#2255aa").webp({ quality: 80 }).toBuffer(), { ownerId: customer });
    lowResImageId = await insertImage(await solid(400, 160, "#aa5522").jpeg().toBuffer(), { ownerId: customer, type: "GENERATED" });
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
}
