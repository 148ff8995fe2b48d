/**
 * Image benchmark (issue: images and AI generation). Prints the median of several runs for
 *   1. intake of a 12-megapixel JPEG photo as the generate call does it: type check, decode with the
 *      pixel limit, EXIF orientation, crop, downscale to 2048 px, JPEG re-encode without metadata;
 *   2. the same plus writing it to local storage (storeProcessedImage's file part);
 *   3. the offline provider (sharp styles) on the 2048 px upload, per style.
 * Nothing is asserted.   npx tsx --conditions=react-server bench/images.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { formatTable, measure, type Result } from "./lib";

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-images-"));
process.env.STORAGE_DIR = storageDir;

async function twelveMegapixelPhoto(): Promise<Buffer> {
  const [w, h] = [4000, 3000];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b5876"/><stop offset="1" stop-color="#f4d03f"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="2000" cy="1500" r="900" fill="#c0392b"/><rect x="300" y="300" width="1200" height="700" fill="#27ae60"/></svg>`;
  // Grain keeps the JPEG from compressing unrealistically well (a real photo is ~4 MB).
  const noise = await sharp({ create: { width: w, height: h, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: "overlay" }]).jpeg({ quality: 88 }).toBuffer();
}

async function main() {
  const { intakeImage } = await import("../lib/integrations/images/intake");
  const { getStorage, newStorageKey } = await import("../lib/integrations/storage");
  const { stylePhoto, OFFLINE_STYLES } = await import("../lib/integrations/ai/offline");
  const photo = await twelveMegapixelPhoto();
  console.log(`node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), photo 4000×3000 JPEG ${(photo.length / 1024 / 1024).toFixed(1)} MB`);

  const crop = { x: 500, y: 250, width: 3000, height: 2500 };
  const intake = () => intakeImage(photo, { use: "catalogue", format: "jpeg", crop, maxDimension: 2048 });
  const results: Result[] = [];
  results.push(await measure("intake 12 MP JPEG → crop → 2048 px JPEG", { n: 7, warmup: 2 }, intake));
  results.push(
    await measure("intake + write to local storage", { n: 7, warmup: 2 }, async () => {
      const img = await intake();
      await getStorage().put(newStorageKey("uploads", img.extension), img.data, img.mimeType);
    }),
  );
  const upload = await intake();
  for (const style of OFFLINE_STYLES) {
    results.push(await measure(`offline style "${style}" on ${upload.width}×${upload.height}`, { n: 5, warmup: 1 }, () => stylePhoto({ data: upload.data, mimeType: upload.mimeType }, style, { style })));
  }
  console.log(formatTable(results));
  console.log("The 4 MB editor limit applies to uploads; the bench uses the 10 MB catalogue limit so a 12 MP photo fits. sharp runs on libvips threads, off the main thread.");
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(storageDir, { recursive: true, force: true }));
