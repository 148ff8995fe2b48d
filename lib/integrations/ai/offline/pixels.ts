import sharp, { type Sharp } from "sharp";
import { rng } from "./palette";

export interface Frame {
  rgb: Buffer;
  width: number;
  height: number;
}

export const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

export function rawInput(buf: Buffer, width: number, height: number, channels: 1 | 3): Sharp {
  return sharp(buf, { raw: { width, height, channels } });
}

export async function toRaw(img: Sharp, channels: 1 | 3): Promise<Buffer> {
  const pipeline = channels === 1 ? img.toColourspace("b-w") : img.toColourspace("srgb").removeAlpha();
  return pipeline.raw().toBuffer();
}

const SLICE_MS = 4;

/** Yields every SLICE_MS, so concurrent jobs take turns and requests are not held up. */
export async function forRows(height: number, fn: (y: number) => void): Promise<void> {
  let sliceStart = performance.now();
  for (let y = 0; y < height; y++) {
    fn(y);
    if ((y & 7) === 7 && performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

export const LAPLACIAN = { width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1] };

/** Smoothing by `blur` first keeps grain from turning into lines. */
export async function edges(frame: Frame, blur: number, gain = 3): Promise<Buffer> {
  const { width, height } = frame;
  const g = await toRaw(rawInput(frame.rgb, width, height, 3).greyscale().blur(blur), 1);
  const out = Buffer.alloc(width * height);
  await forRows(height, (y) => {
    if (y < 1 || y >= height - 1) return;
    for (let x = 1, p = y * width + 1; x < width - 1; x++, p++) {
      const gx = (g[p + 1] ?? 0) - (g[p - 1] ?? 0);
      const gy = (g[p + width] ?? 0) - (g[p - width] ?? 0);
      out[p] = clamp((Math.abs(gx) + Math.abs(gy)) * gain);
    }
  });
  return out;
}

export type Matrix3 = [[number, number, number], [number, number, number], [number, number, number]];

export function colourMatrix(saturation: number, hueDegrees: number): Matrix3 {
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

/** On a downscaled copy: the same look at a fraction of the cost. */
export async function simplified(frame: Frame, factor: number, medianSize: number, smallBlur = 0): Promise<Sharp> {
  const { width, height } = frame;
  // The rank filter needs at least its window in each direction (thin strips stay valid).
  const sw = Math.max(medianSize, Math.round(width / factor));
  const sh = Math.max(medianSize, Math.round(height / factor));
  let reduced = rawInput(frame.rgb, width, height, 3).resize({ width: sw, height: sh, fit: "fill" }).median(medianSize);
  if (smallBlur >= 0.3) reduced = reduced.blur(smallBlur);
  const small = await toRaw(reduced, 3);
  return rawInput(small, sw, sh, 3).resize({ width, height, fit: "fill", kernel: "cubic" });
}

/** A wide blur runs on a copy scaled down to sigma 1.5 px: the same look at a fraction of the cost. */
export async function blurRaw(buf: Buffer, width: number, height: number, channels: 1 | 3, sigma: number): Promise<Buffer> {
  if (sigma < 0.3) return buf;
  if (sigma <= 3) return toRaw(rawInput(buf, width, height, channels).blur(sigma), channels);
  const f = sigma / 1.5;
  const sw = Math.max(4, Math.round(width / f));
  const sh = Math.max(4, Math.round(height / f));
  const small = await toRaw(rawInput(buf, width, height, channels).resize({ width: sw, height: sh, fit: "fill" }).blur(1.5), channels);
  return toRaw(rawInput(small, sw, sh, channels).resize({ width, height, fit: "fill", kernel: "cubic" }), channels);
}

export function blurGrey(grey: Buffer, width: number, height: number, sigma: number): Promise<Buffer> {
  return blurRaw(grey, width, height, 1, sigma);
}

export async function greyOf(frame: Frame): Promise<Buffer> {
  return toRaw(rawInput(frame.rgb, frame.width, frame.height, 3).greyscale(), 1);
}

export async function noiseField(width: number, height: number, cell: number, seed: number, blur = 0): Promise<Buffer> {
  const gw = Math.max(2, Math.ceil(width / cell));
  const gh = Math.max(2, Math.ceil(height / cell));
  const next = rng(seed);
  const grid = Buffer.allocUnsafe(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(next() * 256);
  let img = rawInput(grid, gw, gh, 1).resize({ width, height, fit: "fill", kernel: cell > 2 ? "cubic" : "linear" });
  if (blur >= 0.3) img = img.blur(blur);
  return toRaw(img, 1);
}

export async function inkLines(
  grey: Buffer,
  width: number,
  height: number,
  opts: { blur: number; threshold: number; thickness: number },
): Promise<Buffer> {
  const g = await blurGrey(grey, width, height, opts.blur);
  const mask = Buffer.alloc(width * height);
  const t = opts.threshold;
  await forRows(height, (y) => {
    if (y < 1 || y >= height - 1) return;
    for (let x = 1, p = y * width + 1; x < width - 1; x++, p++) {
      const gx = (g[p + 1] ?? 0) - (g[p - 1] ?? 0);
      const gy = (g[p + width] ?? 0) - (g[p - width] ?? 0);
      const m = Math.abs(gx) + Math.abs(gy);
      mask[p] = m > t ? 255 : m > t * 0.6 ? Math.round(((m - t * 0.6) / (t * 0.4)) * 255) : 0;
    }
  });
  if (opts.thickness <= 0) return mask;
  return toRaw(
    rawInput(mask, width, height, 1)
      .blur(Math.max(0.4, opts.thickness / 2))
      .linear(3, -40),
    1,
  );
}
