import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { stylePhoto, type OfflineStyle } from "@/lib/integrations/ai/offline";

const W = 1024;
const H = 768;

async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b78c4"/><stop offset="1" stop-color="#e8efe9"/></linearGradient>
      <radialGradient id="skin" cx="0.42" cy="0.38" r="0.7"><stop offset="0" stop-color="#f2c6a4"/><stop offset="1" stop-color="#a86a48"/></radialGradient>
      <filter id="soft"><feGaussianBlur stdDeviation="9"/></filter>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <g filter="url(#soft)" fill="#fff"><ellipse cx="190" cy="130" rx="120" ry="35"/><ellipse cx="820" cy="165" rx="130" ry="30"/></g>
    <circle cx="875" cy="100" r="45" fill="#fff6c8"/>
    <path d="M0 500 Q 200 410 450 480 T 1024 450 L 1024 768 L 0 768 Z" fill="#4f8f3a"/>
    <rect x="130" y="350" width="20" height="180" fill="#4a3020"/><circle cx="140" cy="320" r="85" fill="#2f6b2a"/>
    <path d="M350 768 Q 360 565 510 540 Q 660 565 670 768 Z" fill="#b8242e"/>
    <ellipse cx="510" cy="380" rx="108" ry="132" fill="#3a2414"/>
    <ellipse cx="510" cy="400" rx="85" ry="108" fill="url(#skin)"/>
    <circle cx="478" cy="395" r="7" fill="#222"/><circle cx="542" cy="395" r="7" fill="#222"/>
    <path d="M482 460 Q 510 478 538 460" stroke="#8a2c2c" stroke-width="5" fill="none"/></svg>`;
  const noise = await sharp({
    create: { width: W, height: H, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 14 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: "soft-light" }])
    .blur(0.6)
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface Stats {
  width: number;
  height: number;
  top12: number;
  meanLuma: number;
  dark: number;
  light: number;
  saturation: number;
  hardEdges: number;
  borderLuma: number;
}

async function stats(jpeg: Buffer): Promise<Stats> {
  const meta = await sharp(jpeg).metadata();
  // Measured on a 600 px copy (nearest neighbour, so flat areas stay flat and nothing is blended).
  const { data, info } = await sharp(jpeg)
    .resize({ width: 600, kernel: "nearest" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const bins = new Map<number, number>();
  let luma = 0;
  let dark = 0;
  let light = 0;
  let saturation = 0;
  let edge = 0;
  let border = 0;
  let borderCount = 0;
  const frame = Math.max(2, Math.round(info.width * 0.005));
  for (let p = 0; p < n; p++) {
    const r = data[p * 3] ?? 0;
    const g = data[p * 3 + 1] ?? 0;
    const b = data[p * 3 + 2] ?? 0;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    bins.set(key, (bins.get(key) ?? 0) + 1);
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    luma += l;
    if (l < 70) dark++;
    if (l > 200) light++;
    saturation += Math.max(r, g, b) - Math.min(r, g, b);
    const x = p % info.width;
    const y = Math.floor(p / info.width);
    if (x + 1 < info.width && Math.abs(g - (data[(p + 1) * 3 + 1] ?? 0)) > 48) edge++;
    if (x < frame || y < frame || x >= info.width - frame || y >= info.height - frame) {
      border += l;
      borderCount++;
    }
  }
  const top12 =
    [...bins.values()]
      .sort((a, b) => b - a)
      .slice(0, 12)
      .reduce((a, b) => a + b, 0) / n;
  return {
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    top12,
    meanLuma: luma / n,
    dark: dark / n,
    light: light / n,
    saturation: saturation / n,
    hardEdges: edge / n,
    borderLuma: border / borderCount,
  };
}

const results = new Map<OfflineStyle | "photo", Stats>();
let input: Buffer;

beforeAll(async () => {
  input = await photo();
  results.set("photo", await stats(await sharp(input).resize(2400).jpeg().toBuffer()));
}, 30_000);

async function styled(style: OfflineStyle): Promise<Stats> {
  const cached = results.get(style);
  if (cached) return cached;
  const out = await stylePhoto({ data: input, mimeType: "image/jpeg" }, "a portrait", { style });
  expect(out.style).toBe(style);
  const s = await stats(out.data);
  results.set(style, s);
  return s;
}

const photoStats = () => results.get("photo") as Stats;

describe("offline styles: print-size output", () => {
  it("every style answers a 1024 × 768 photo with a 2400 × 1800 JPEG (300 DPI on the default mug's 200 × 80 mm template)", async () => {
    for (const style of ["pop-art", "pencil", "watercolour"] as const) {
      const s = await styled(style);
      expect({ style, width: s.width, height: s.height }).toEqual({ style, width: 2400, height: 1800 });
    }
  }, 120_000);
});

describe("offline styles: each looks like its name", () => {
  it("pop art: a few flat colours cover most of the picture, with black ink (outlines, halftone dots) and strong saturation", async () => {
    const s = await styled("pop-art");
    const p = photoStats();
    expect(s.top12).toBeGreaterThan(0.6);
    expect(s.top12).toBeGreaterThan(p.top12 + 0.2);
    expect(s.dark).toBeGreaterThan(0.03);
    expect(s.dark).toBeLessThan(0.45);
    expect(s.saturation).toBeGreaterThan(p.saturation * 1.3);
    expect(s.hardEdges).toBeGreaterThan(p.hardEdges * 4);
  }, 120_000);

  it("pencil: mostly light paper, nearly colourless, with dark lines and hatching", async () => {
    const s = await styled("pencil");
    expect(s.light).toBeGreaterThan(0.55);
    expect(s.meanLuma).toBeGreaterThan(185);
    expect(s.saturation).toBeLessThan(photoStats().saturation / 3);
    const sketch = await stylePhoto({ data: input, mimeType: "image/jpeg" }, "a sketch", { style: "pencil" });
    const { data, info } = await sharp(sketch.data).greyscale().raw().toBuffer({ resolveWithObject: true });
    let lines = 0;
    for (const v of data) if (v < 140) lines++;
    const share = lines / (info.width * info.height);
    expect(share).toBeGreaterThan(0.01);
    expect(share).toBeLessThan(0.3);
  }, 120_000);

  it("watercolour: colourful but softer than pop art, white paper around an irregular border, lighter than the photo", async () => {
    const s = await styled("watercolour");
    const pop = await styled("pop-art");
    const pencil = await styled("pencil");
    const p = photoStats();
    expect(s.saturation).toBeGreaterThan(pencil.saturation * 2);
    expect(s.hardEdges).toBeLessThan(pop.hardEdges / 2);
    expect(s.borderLuma).toBeGreaterThan(235);
    expect(p.borderLuma).toBeLessThan(200);
    expect(s.meanLuma).toBeGreaterThan(p.meanLuma);
  }, 120_000);
});

describe("offline styles: figures (printed, not asserted)", () => {
  it("prints each style's statistics", () => {
    for (const [name, s] of results)
      console.log(
        name,
        JSON.stringify(s, (_k, v: unknown) => (typeof v === "number" ? Math.round(v * 1000) / 1000 : v)),
      );
  });
});
