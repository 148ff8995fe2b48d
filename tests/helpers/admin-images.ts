import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/images/route";
import * as item from "@/app/api/admin/images/[imageId]/route";
import * as download from "@/app/api/admin/images/[imageId]/download/route";
import { getDb } from "@/db/client";
import { images } from "@/db/schema";
import { resetStorage } from "@/lib/integrations/storage";
import { call, cookieFor, type Role } from "./api";
import { tempDir } from "./test-db";

type ImageBody = { id: number; type: string; url: string; mimeType: string; width: number; height: number; sizeBytes: number };
export type ErrorBody = { message: string; errors?: Record<string, string> };

export const MB = 1024 * 1024;
let storageDir: string;

export function setupImageFixtures(): void {
  // This file's own storage folder, so counting files is not disturbed by test files running in parallel.
  beforeAll(() => {
    storageDir = tempDir("shop-test-admin-images-");
    process.env.STORAGE_DIR = storageDir;
    resetStorage();
  });
}

export function storedFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      : [];
  return walk(storageDir);
}

export async function rowCount(): Promise<number> {
  return (await getDb()).$count(images);
}

export async function storedRow(id: number) {
  const [row] = await (await getDb()).select().from(images).where(eq(images.id, id));
  return row;
}

export function fileOf(storageKey: string): string {
  return path.join(storageDir, storageKey);
}

export async function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
}

export async function jpegWithExif(width = 200, height = 100): Promise<Buffer> {
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

export function pixelBomb(): Buffer {
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

export async function noisePng(mb: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((mb * MB) / 3));
  const raw = randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export function form(
  file: Buffer | string | null,
  fields: Record<string, string | number>,
  filename = "photo.png",
  type = "image/png",
): FormData {
  const f = new FormData();
  if (file !== null) f.set("file", new Blob([typeof file === "string" ? file : new Uint8Array(file)], { type }), filename);
  for (const [k, v] of Object.entries(fields)) f.set(k, String(v));
  return f;
}

export async function upload(body: FormData | string, opts: { role?: Role; headers?: Record<string, string> } = {}) {
  return call<ImageBody & ErrorBody>(collection.POST, {
    method: "POST",
    path: "/api/admin/images",
    body,
    headers: opts.headers,
    cookie: await cookieFor(opts.role ?? "admin"),
  });
}

export async function getDownload(imageId: number | string, role: Role = "admin") {
  const id = String(imageId);
  const req = new Request(`http://localhost/api/admin/images/${id}/download`, { headers: { cookie: (await cookieFor(role)) ?? "" } });
  const res = await download.GET(req, { params: Promise.resolve({ imageId: id }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export async function remove(imageId: number | string, role: Role = "admin") {
  return call<ErrorBody>(item.DELETE, { method: "DELETE", params: { imageId: String(imageId) }, cookie: await cookieFor(role) });
}

export async function uploadOk(
  fields: Record<string, string | number> = { imageType: "PROMPT_EXAMPLE" },
  file?: Buffer,
): Promise<ImageBody> {
  const res = await upload(form(file ?? (await png()), fields));
  expect(res.status).toBe(201);
  return res.body;
}
