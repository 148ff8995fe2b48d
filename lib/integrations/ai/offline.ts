import "server-only";
import sharp, { type Sharp } from "sharp";
import { MAX_INPUT_PIXELS } from "@/lib/integrations/images/intake";
import { GenerationError, type GenerateRequest, type GenerateResult, type GeneratedImage, type ImageModelAdapter } from "./types";

/**
 * The offline provider: no AI, no network. It really transforms the customer's photo with sharp into
 * a recognisably different look chosen from the prompt text, so a fresh machine without keys still
 * produces a styled picture. Deterministic: the same photo and prompt give the same bytes.
 *
 * Heavy pixel work (resize, blur, median, convolution, encoding) runs in libvips off the main thread;
 * the per-pixel mixing passes in JavaScript are single linear loops (roughly 10–40 ms of main-thread
 * time for 1024²). Measured on a 2-core machine, one 1024² photo takes ~70–190 ms end to end
 * (decode, style, JPEG encode) depending on the style; a 1536-px output about 2.5× that.
 */

export const OFFLINE_PROVIDER = "offline";
export const OFFLINE_MODEL_ID = "offline-style";

export const OFFLINE_STYLES = ["pop-art", "comic", "pencil", "watercolour", "duotone", "vintage"] as const;
export type OfflineStyle = (typeof OFFLINE_STYLES)[number];

/** Keywords per style (English and German); the style whose keyword appears first in the prompt wins. */
const STYLE_KEYWORDS: readonly (readonly [OfflineStyle, RegExp])[] = [
  ["pop-art", /pop[\s-]?art/],
  ["comic", /comic|cartoon|manga|cel[\s-]shad/],
  ["pencil", /pencil|sketch|graphite|charcoal|bleistift|skizze/],
  ["watercolour", /watercolou?r|aquarell/],
  ["duotone", /duo[\s-]?tone?|two[\s-]tone/],
  ["vintage", /vintage|retro|sepia|nostalgi/],
];

/** Long side of the output when the request names no size. */
const DEFAULT_LONG_SIDE = 1024;
const JPEG_QUALITY = 88;

/** 32-bit FNV-1a: a stable hash for style picks and noise seeds. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The style for a prompt: the earliest style keyword in the text, else a deterministic pick by hash. */
export function pickOfflineStyle(prompt: string): OfflineStyle {
  const text = prompt.toLowerCase();
  let best: { style: OfflineStyle; at: number } | undefined;
  for (const [style, pattern] of STYLE_KEYWORDS) {
    const at = text.search(pattern);
    if (at >= 0 && (!best || at < best.at)) best = { style, at };
  }
  if (best) return best.style;
  return OFFLINE_STYLES[hashText(text) % OFFLINE_STYLES.length] ?? "pop-art";
}

type Rgb = readonly [number, number, number];

/** Colour words a duotone prompt may name (shadow and highlight picked from the first two found). */
const COLOUR_WORDS: readonly (readonly [RegExp, Rgb])[] = [
  [/\bnavy/, [20, 33, 77]],
  [/\bcoral/, [255, 127, 102]],
  [/\bpink|\brosa\b/, [247, 143, 179]],
  [/\bmagenta/, [200, 30, 140]],
  [/\bteal\b|\bpetrol/, [0, 110, 120]],
  [/\bcyan|türkis/, [60, 200, 220]],
  [/\bmustard|\bsenf/, [225, 173, 1]],
  [/\byellow|\bgelb/, [250, 215, 60]],
  [/\borange/, [240, 120, 30]],
  [/\bpurple|\bviolet|\blila\b/, [80, 30, 120]],
  [/\bgreen|grün/, [30, 120, 70]],
  [/\bred\b|\brot\b/, [200, 30, 40]],
  [/\bblue|\bblau/, [30, 70, 170]],
  [/\bblack|\bschwarz/, [15, 15, 20]],
];

const DUOTONE_PAIRS: readonly (readonly [Rgb, Rgb])[] = [
  [[20, 33, 77], [255, 127, 102]],
  [[46, 16, 101], [255, 214, 10]],
  [[0, 70, 67], [240, 235, 200]],
  [[120, 20, 60], [255, 190, 120]],
];

function luma(c: Rgb): number {
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
}

/**
 * Shadow and highlight colours: the first colour word of the prompt and the next one that differs
 * clearly in brightness ("navy blue … coral pink" → navy and coral); else a pair picked by hash.
 */
export function duotoneColours(prompt: string, variant: number): readonly [Rgb, Rgb] {
  const text = prompt.toLowerCase();
  const found = COLOUR_WORDS.map(([re, rgb]) => ({ at: text.search(re), rgb }))
    .filter((f) => f.at >= 0)
    .sort((a, b) => a.at - b.at);
  const first = found[0];
  const second = first && found.find((f) => Math.abs(luma(f.rgb) - luma(first.rgb)) > 50);
  if (variant === 0 && first && second) return luma(first.rgb) <= luma(second.rgb) ? [first.rgb, second.rgb] : [second.rgb, first.rgb];
  const pair = DUOTONE_PAIRS[(hashText(text) + variant) % DUOTONE_PAIRS.length];
  return pair ?? [[20, 33, 77], [255, 127, 102]];
}

/** mulberry32: a tiny seeded PRNG so grain and paper texture are reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOISE_SIZE = 128;

/** A tileable grain texture (mostly within ±1, at most ±2), slightly smoothed so it reads as paper rather than static. */
function noiseTile(seed: number): Float32Array {
  const next = rng(seed);
  const raw = new Float32Array(NOISE_SIZE * NOISE_SIZE);
  for (let i = 0; i < raw.length; i++) raw[i] = next() * 2 - 1;
  const out = new Float32Array(raw.length);
  for (let y = 0; y < NOISE_SIZE; y++) {
    for (let x = 0; x < NOISE_SIZE; x++) {
      const at = (dx: number, dy: number) => raw[((y + dy + NOISE_SIZE) % NOISE_SIZE) * NOISE_SIZE + ((x + dx + NOISE_SIZE) % NOISE_SIZE)] ?? 0;
      out[y * NOISE_SIZE + x] = (at(0, 0) * 2 + at(1, 0) + at(-1, 0) + at(0, 1) + at(0, -1)) / 3;
    }
  }
  return out;
}

interface Frame {
  /** Interleaved RGB, width × height × 3. */
  rgb: Buffer;
  width: number;
  height: number;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

function rawInput(buf: Buffer, width: number, height: number, channels: 1 | 3): Sharp {
  return sharp(buf, { raw: { width, height, channels } });
}

async function toRaw(img: Sharp, channels: 1 | 3): Promise<Buffer> {
  const pipeline = channels === 1 ? img.toColourspace("b-w") : img.toColourspace("srgb").removeAlpha();
  return pipeline.raw().toBuffer();
}

const LAPLACIAN = { width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1] };

/**
 * Outline strength (0 = flat, 255 = strong edge): the gradient magnitude (central differences) of the
 * photo's luminance after smoothing by `blur`, which keeps grain from turning into lines.
 */
async function edges(frame: Frame, blur: number, gain = 3): Promise<Buffer> {
  const { width, height } = frame;
  const g = await toRaw(rawInput(frame.rgb, width, height, 3).greyscale().blur(blur), 1);
  const out = Buffer.alloc(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, p = y * width + 1; x < width - 1; x++, p++) {
      const gx = (g[p + 1] ?? 0) - (g[p - 1] ?? 0);
      const gy = (g[p + width] ?? 0) - (g[p - width] ?? 0);
      out[p] = clamp((Math.abs(gx) + Math.abs(gy)) * gain);
    }
  }
  return out;
}

type Matrix3 = [[number, number, number], [number, number, number], [number, number, number]];

/** Saturation and hue rotation as one 3×3 colour matrix (the SVG feColorMatrix formulas), applied by recomb. */
function colourMatrix(saturation: number, hueDegrees: number): Matrix3 {
  const s = saturation;
  const sat: Matrix3 = [
    [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
    [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
    [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s],
  ];
  const a = (hueDegrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const hue: Matrix3 = [
    [0.213 + cos * 0.787 - sin * 0.213, 0.715 - cos * 0.715 - sin * 0.715, 0.072 - cos * 0.072 + sin * 0.928],
    [0.213 - cos * 0.213 + sin * 0.143, 0.715 + cos * 0.285 + sin * 0.14, 0.072 - cos * 0.072 - sin * 0.283],
    [0.213 - cos * 0.213 - sin * 0.787, 0.715 - cos * 0.715 + sin * 0.715, 0.072 + cos * 0.928 + sin * 0.072],
  ];
  const out: Matrix3 = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let v = 0;
      for (let k = 0; k < 3; k++) v += (hue[r]?.[k] ?? 0) * (sat[k]?.[c] ?? 0);
      const row = out[r];
      if (row) row[c] = v;
    }
  }
  return out;
}

/**
 * Simplified colour areas: a rank (median) filter on a downscaled copy, scaled back up. A median at
 * full size costs ~300 ms for 1024² here; on a quarter-size copy it is a few ms and looks the same.
 */
async function simplified(frame: Frame, factor: number, medianSize: number): Promise<Sharp> {
  const { width, height } = frame;
  // The rank filter needs at least its window in each direction (thin strips stay valid).
  const sw = Math.max(medianSize, Math.round(width / factor));
  const sh = Math.max(medianSize, Math.round(height / factor));
  const small = await toRaw(rawInput(frame.rgb, width, height, 3).resize({ width: sw, height: sh, fit: "fill" }).median(medianSize), 3);
  return rawInput(small, sw, sh, 3).resize({ width, height, fit: "fill", kernel: "cubic" });
}

/** Pop art: boosted saturation, four flat levels per channel, Ben-Day dots in the mid-tones, bold black outlines. */
async function popArt(frame: Frame, variant: number): Promise<Buffer> {
  const { width, height } = frame;
  const [colour, edge] = await Promise.all([
    simplified(frame, 2, 3).then((img) => toRaw(img.recomb(colourMatrix(2.2, variant * 45)).linear(1.3, -30), 3)),
    edges(frame, 2).then((e) => toRaw(rawInput(e, width, height, 1).blur(1.2), 1)),
  ]);
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.min(255, Math.round(v / 85) * 85);
  const out = Buffer.allocUnsafe(width * height * 3);
  const cell = Math.max(6, Math.round(Math.max(width, height) / 128));
  const radius2 = (cell * 0.32) ** 2;
  for (let y = 0, p = 0; y < height; y++) {
    const dy = (y % cell) - cell / 2;
    for (let x = 0; x < width; x++, p++) {
      const i = p * 3;
      if ((edge[p] ?? 0) > 60) {
        out[i] = out[i + 1] = out[i + 2] = 12;
        continue;
      }
      const r = lut[colour[i] ?? 0] ?? 0;
      const g = lut[colour[i + 1] ?? 0] ?? 0;
      const b = lut[colour[i + 2] ?? 0] ?? 0;
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      const dx = (x % cell) - cell / 2;
      const dot = l > 60 && l < 170 && dx * dx + dy * dy < radius2;
      out[i] = dot ? r >> 1 : r;
      out[i + 1] = dot ? g >> 1 : g;
      out[i + 2] = dot ? b >> 1 : b;
    }
  }
  return out;
}

/** Comic: simplified shapes, cel shading in bands, vivid colours, thin inked lines. */
async function comic(frame: Frame, variant: number): Promise<Buffer> {
  const { width, height } = frame;
  const [colour, edge] = await Promise.all([
    simplified(frame, 3, 3).then((img) => toRaw(img.recomb(colourMatrix(1.5, variant * 30)), 3)),
    edges(frame, 1),
  ]);
  const out = Buffer.allocUnsafe(width * height * 3);
  const bands = [0.35, 0.65, 0.9, 1.08];
  for (let p = 0, i = 0; p < width * height; p++, i += 3) {
    if ((edge[p] ?? 0) > 90) {
      out[i] = 25;
      out[i + 1] = 20;
      out[i + 2] = 35;
      continue;
    }
    const r = colour[i] ?? 0;
    const g = colour[i + 1] ?? 0;
    const b = colour[i + 2] ?? 0;
    const l = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    const band = bands[Math.min(bands.length - 1, Math.floor(l * bands.length))] ?? 1;
    const scale = l > 0.02 ? band / l : 0;
    // Cel shading: keep the hue, snap the brightness to one of a few bands.
    out[i] = clamp(r * scale * 0.92 + 10);
    out[i + 1] = clamp(g * scale * 0.92 + 10);
    out[i + 2] = clamp(b * scale * 0.92 + 10);
  }
  return out;
}

const PAPER_TINTS: readonly Rgb[] = [
  [246, 240, 226],
  [240, 240, 236],
  [244, 236, 218],
];

/** Pencil sketch: colour-dodge of the grey image with its blurred negative, contour lines from edges, on tinted paper. */
async function pencil(frame: Frame, variant: number, seed: number): Promise<Buffer> {
  const { width, height } = frame;
  const grey = await toRaw(rawInput(frame.rgb, width, height, 3).greyscale(), 1);
  const [blurredNegative, edge] = await Promise.all([
    toRaw(rawInput(grey, width, height, 1).negate({ alpha: false }).blur(Math.max(4, width / 160)), 1),
    toRaw(rawInput(grey, width, height, 1).blur(1).convolve(LAPLACIAN).linear(2.5, 0), 1),
  ]);
  const paper = PAPER_TINTS[variant % PAPER_TINTS.length] ?? [246, 240, 226];
  const grain = noiseTile(seed);
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let y = 0, p = 0; y < height; y++) {
    const row = (y % NOISE_SIZE) * NOISE_SIZE;
    for (let x = 0; x < width; x++, p++) {
      const g = grey[p] ?? 0;
      const inv = blurredNegative[p] ?? 0;
      let v = inv >= 255 ? 255 : Math.min(255, (g * 255) / (255 - inv));
      v = v * (1 - Math.min(0.75, (edge[p] ?? 0) / 300));
      v = clamp((v - 128) * 1.15 + 128 + (grain[row + (x % NOISE_SIZE)] ?? 0) * 10) / 255;
      const i = p * 3;
      out[i] = paper[0] * v;
      out[i + 1] = paper[1] * v;
      out[i + 2] = paper[2] * v;
    }
  }
  return out;
}

/** Watercolour: blurred washes of simplified colour, a pastel lift, paper texture and soft dark accents. */
async function watercolour(frame: Frame, variant: number, seed: number): Promise<Buffer> {
  const { width, height } = frame;
  const [colour, edge] = await Promise.all([
    simplified(frame, 4, 3).then((img) => toRaw(img.blur(Math.max(1.5, width / 600)).recomb(colourMatrix(1.4, variant * 25)).linear(1.06, 0), 3)),
    edges(frame, 2.2),
  ]);
  const paper = noiseTile(seed);
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let y = 0, p = 0; y < height; y++) {
    const row = ((y >> 1) % NOISE_SIZE) * NOISE_SIZE;
    for (let x = 0; x < width; x++, p++) {
      const texture = 1 + (paper[row + ((x >> 1) % NOISE_SIZE)] ?? 0) * 0.07;
      const accent = 1 - Math.min(0.35, (edge[p] ?? 0) / 500);
      const i = p * 3;
      for (let c = 0; c < 3; c++) {
        const v = colour[i + c] ?? 0;
        // Pastel wash: pull towards white paper, then texture and accents.
        out[i + c] = clamp((v * 0.78 + 255 * 0.22) * texture * accent);
      }
    }
  }
  return out;
}

/** Duotone: normalised luminance mapped on a smooth curve between a shadow and a highlight colour. */
async function duotone(frame: Frame, prompt: string, variant: number): Promise<Buffer> {
  const { width, height } = frame;
  const grey = await toRaw(rawInput(frame.rgb, width, height, 3).greyscale().normalise(), 1);
  const [dark, light] = duotoneColours(prompt, variant);
  const lut = new Uint8Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    const t0 = v / 255;
    const t = t0 * t0 * (3 - 2 * t0); // smoothstep: higher contrast, smooth gradient
    for (let c = 0; c < 3; c++) lut[v * 3 + c] = Math.round((dark[c] ?? 0) + ((light[c] ?? 0) - (dark[c] ?? 0)) * t);
  }
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let p = 0, i = 0; p < width * height; p++, i += 3) {
    const v = (grey[p] ?? 0) * 3;
    out[i] = lut[v] ?? 0;
    out[i + 1] = lut[v + 1] ?? 0;
    out[i + 2] = lut[v + 2] ?? 0;
  }
  return out;
}

const SEPIA: Matrix3 = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

/** Vintage: sepia tone, faded contrast, a dark vignette and film grain. */
async function vintage(frame: Frame, variant: number, seed: number): Promise<Buffer> {
  const { width, height } = frame;
  const toned = await toRaw(rawInput(frame.rgb, width, height, 3).recomb(SEPIA), 3);
  const grain = noiseTile(seed);
  // Faded blacks with a warm lift; variations shift the tone slightly.
  const lift = [28 + variant * 5, 28, 28 - variant * 5];
  const out = Buffer.allocUnsafe(width * height * 3);
  const cx = width / 2;
  const cy = height / 2;
  const maxR2 = cx * cx + cy * cy;
  for (let y = 0, p = 0; y < height; y++) {
    const dy2 = (y - cy) * (y - cy);
    const row = (y % NOISE_SIZE) * NOISE_SIZE;
    for (let x = 0; x < width; x++, p++) {
      const r2 = ((x - cx) * (x - cx) + dy2) / maxR2;
      const vignette = 1 - 0.65 * r2 * r2;
      const noise = (grain[row + (x % NOISE_SIZE)] ?? 0) * 14;
      const i = p * 3;
      for (let c = 0; c < 3; c++) {
        const v = toned[i + c] ?? 0;
        out[i + c] = clamp(((v * 0.82 + (lift[c] ?? 28)) * vignette + noise) | 0);
      }
    }
  }
  return out;
}

function longSide(size: GenerateRequest["settings"]["size"]): number {
  if (!size) return DEFAULT_LONG_SIDE;
  const [w, h] = size.split("x").map(Number);
  return Math.max(DEFAULT_LONG_SIDE, w ?? 0, h ?? 0);
}

/** Decodes the photo (pixel limit, EXIF orientation, alpha on white) and scales it to the output size. */
async function loadFrame(image: GenerateRequest["image"], target: number): Promise<Frame> {
  let meta;
  try {
    meta = await sharp(image.data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    throw new GenerationError("failed", "offline provider: the photo cannot be decoded", err);
  }
  const swapped = (meta.orientation ?? 1) >= 5;
  const w0 = (swapped ? meta.height : meta.width) ?? 0;
  const h0 = (swapped ? meta.width : meta.height) ?? 0;
  if (!w0 || !h0) throw new GenerationError("failed", "offline provider: the photo has no size");
  const scale = target / Math.max(w0, h0);
  const width = Math.max(1, Math.round(w0 * scale));
  const height = Math.max(1, Math.round(h0 * scale));
  const { data, info } = await sharp(image.data, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: "#ffffff" })
    .resize({ width, height, fit: "fill" })
    .toColourspace("srgb")
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new GenerationError("failed", `offline provider: unexpected channel count ${info.channels}`);
  return { rgb: data, width: info.width, height: info.height };
}

async function render(frame: Frame, style: OfflineStyle, prompt: string, variant: number): Promise<Buffer> {
  const seed = (hashText(prompt) ^ Math.imul(variant + 1, 0x9e3779b1)) >>> 0;
  switch (style) {
    case "pop-art":
      return popArt(frame, variant);
    case "comic":
      return comic(frame, variant);
    case "pencil":
      return pencil(frame, variant, seed);
    case "watercolour":
      return watercolour(frame, variant, seed);
    case "duotone":
      return duotone(frame, prompt, variant);
    case "vintage":
      return vintage(frame, variant, seed);
  }
}

/** Styles one photo: JPEG, at least 1024 px on the long side. `variant` > 0 gives a variation (n > 1). */
export async function stylePhoto(
  image: GenerateRequest["image"],
  prompt: string,
  opts: { size?: GenerateRequest["settings"]["size"]; variant?: number; style?: OfflineStyle } = {},
): Promise<GeneratedImage & { style: OfflineStyle; width: number; height: number }> {
  const style = opts.style ?? pickOfflineStyle(prompt);
  const frame = await loadFrame(image, longSide(opts.size));
  const pixels = await render(frame, style, prompt, opts.variant ?? 0);
  const data = await rawInput(pixels, frame.width, frame.height, 3).jpeg({ quality: JPEG_QUALITY, chromaSubsampling: "4:4:4" }).toBuffer();
  return { data, mimeType: "image/jpeg", style, width: frame.width, height: frame.height };
}

function abortError(signal: AbortSignal): GenerationError {
  return new GenerationError("timeout", "offline provider: aborted", signal.reason);
}

export const offlineAdapter: ImageModelAdapter = {
  provider: OFFLINE_PROVIDER,
  usable: true,
  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const n = Math.min(4, Math.max(1, Math.floor(req.settings.n ?? 1)));
    const images: GeneratedImage[] = [];
    for (let variant = 0; variant < n; variant++) {
      if (req.signal.aborted) throw abortError(req.signal);
      const { data, mimeType } = await stylePhoto(req.image, req.prompt, { size: req.settings.size, variant });
      images.push({ data, mimeType });
    }
    if (req.signal.aborted) throw abortError(req.signal);
    return { images, provider: OFFLINE_PROVIDER, modelId: OFFLINE_MODEL_ID, costMicroCents: 0 };
  },
};
