// npx tsx --conditions=react-server bench/images.ts [--quick] [--json]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { formatTable, measure, summarize, type Result } from "./lib";

const JSON_OUT = process.argv.includes("--json");
const QUICK = process.argv.includes("--quick");

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-images-"));
process.env.STORAGE_DIR = storageDir;

async function twelveMegapixelPhoto(): Promise<Buffer> {
  const [w, h] = [4000, 3000];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b5876"/><stop offset="1" stop-color="#f4d03f"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="2000" cy="1500" r="900" fill="#c0392b"/><rect x="300" y="300" width="1200" height="700" fill="#27ae60"/></svg>`;
  // Grain keeps the JPEG from compressing unrealistically well (a real photo is ~4 MB).
  const noise = await sharp({
    create: { width: w, height: h, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: "overlay" }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function main() {
  const { intakeImage } = await import("../lib/integrations/images/intake");
  const { getStorage, newStorageKey } = await import("../lib/integrations/storage");
  const { stylePhoto, OFFLINE_STYLES } = await import("../lib/integrations/ai/offline");
  const photo = await twelveMegapixelPhoto();
  console.log(
    `node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), photo 4000×3000 JPEG ${(photo.length / 1024 / 1024).toFixed(1)} MB`,
  );

  const crop = { x: 500, y: 250, width: 3000, height: 2500 };
  const intake = () => intakeImage(photo, { use: "catalogue", format: "jpeg", crop, maxDimension: 2048 });
  const plain = () =>
    sharp(photo)
      .rotate()
      .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
      .resize({ width: 2048, height: 2048, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
      .toBuffer();
  const rounds = QUICK ? 5 : 11;
  const intakeMs: number[] = [];
  const plainMs: number[] = [];
  for (let i = 0; i < rounds + 2; i++) {
    const pair: [number[], () => Promise<unknown>][] = [
      [intakeMs, intake],
      [plainMs, plain],
    ];
    if (i % 2 === 1) pair.reverse();
    for (const [samples, fn] of pair) {
      const start = performance.now();
      await fn();
      if (i >= 2) samples.push(performance.now() - start);
    }
  }
  const results: Result[] = [];
  const intakeResult = summarize("intake 12 MP JPEG → crop → 2048 px JPEG", intakeMs);
  const plainResult = summarize("control: plain sharp script, same steps and file", plainMs);
  results.push(intakeResult, plainResult);
  results.push(
    await measure("  of which: the header read (sharp metadata())", { n: 20, warmup: 3 }, () =>
      sharp(photo, { limitInputPixels: false, animated: false }).metadata(),
    ),
  );
  results.push(
    await measure("intake + write to local storage", { n: 7, warmup: 2 }, async () => {
      const img = await intake();
      await getStorage().put(newStorageKey("uploads", img.extension), img.data, img.mimeType);
    }),
  );
  const upload = await intake();
  for (const style of QUICK ? [] : OFFLINE_STYLES) {
    results.push(
      await measure(`offline style "${style}" on ${upload.width}×${upload.height}`, { n: 5, warmup: 1 }, () =>
        stylePhoto({ data: upload.data, mimeType: upload.mimeType }, style, { style }),
      ),
    );
  }
  console.log(formatTable(results));
  const ratio = intakeResult.medianMs / plainResult.medianMs;
  console.log(`intake / plain sharp (medians of ${rounds} interleaved rounds): ${ratio.toFixed(2)}× (goal ≤ 1.1×)`);
  console.log(
    "The 4 MB editor limit applies to uploads; the bench uses the 10 MB catalogue limit so a 12 MP photo fits. sharp runs on libvips threads, off the main thread.",
  );
  if (JSON_OUT) {
    const row = {
      what: "12 MP JPEG intake",
      today: `${intakeResult.medianMs.toFixed(0)} ms`,
      control: `plain sharp script ${plainResult.medianMs.toFixed(0)} ms`,
      ratio: `${ratio.toFixed(2)}×`,
      goal: "≤ 1.1× the plain sharp script",
      met: ratio <= 1.1,
    };
    console.log(JSON.stringify({ rows: [row] }));
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(storageDir, { recursive: true, force: true }));
