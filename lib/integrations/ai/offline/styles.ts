import "server-only";
import { duotoneColours, noiseTile, NOISE_SIZE, type Rgb } from "./palette";
import { clamp, colourMatrix, edges, LAPLACIAN, rawInput, simplified, toRaw, type Frame, type Matrix3 } from "./pixels";

/** The offline provider's looks, one function each, from a raw RGB frame to raw RGB pixels. */

export async function popArt(frame: Frame, variant: number): Promise<Buffer> {
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
export async function comic(frame: Frame, variant: number): Promise<Buffer> {
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

export const PAPER_TINTS: readonly Rgb[] = [
  [246, 240, 226],
  [240, 240, 236],
  [244, 236, 218],
];

/** Pencil sketch: colour-dodge of the grey image with its blurred negative, contour lines from edges, on tinted paper. */
export async function pencil(frame: Frame, variant: number, seed: number): Promise<Buffer> {
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
export async function watercolour(frame: Frame, variant: number, seed: number): Promise<Buffer> {
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
export async function duotone(frame: Frame, prompt: string, variant: number): Promise<Buffer> {
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

export const SEPIA: Matrix3 = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

/** Vintage: sepia tone, faded contrast, a dark vignette and film grain. */
export async function vintage(frame: Frame, variant: number, seed: number): Promise<Buffer> {
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

