import sharp from "sharp";
import { duotoneColours, noiseTile, NOISE_SIZE, type Rgb } from "./palette";
import {
  blurGrey,
  clamp,
  colourMatrix,
  edges,
  forRows,
  greyOf,
  inkLines,
  noiseField,
  rawInput,
  simplified,
  toRaw,
  type Frame,
  type Matrix3,
} from "./pixels";

export const POP_PALETTES: readonly (readonly Rgb[])[] = [
  [
    [22, 18, 38],
    [255, 246, 222],
    [255, 72, 150],
    [255, 218, 0],
    [40, 205, 95],
    [0, 196, 235],
    [40, 70, 210],
    [150, 50, 200],
  ],
  [
    [22, 18, 38],
    [255, 246, 222],
    [255, 122, 20],
    [255, 236, 60],
    [255, 64, 160],
    [50, 220, 200],
    [120, 40, 190],
    [0, 150, 230],
  ],
  [
    [22, 18, 38],
    [250, 250, 240],
    [235, 30, 50],
    [255, 200, 30],
    [0, 180, 160],
    [255, 105, 180],
    [25, 45, 160],
    [250, 120, 0],
  ],
];

const hueOf = (r: number, g: number, b: number, max: number, d: number): number => {
  if (d < 1) return 0;
  const h = (max === r ? (g - b) / d : max === g ? 2 + (b - r) / d : 4 + (r - g) / d) * 60;
  return h < 0 ? h + 360 : h;
};

export async function popArt(frame: Frame, variant: number): Promise<Buffer> {
  const { width, height } = frame;
  const long = Math.max(width, height);
  const [colour, grey] = await Promise.all([
    simplified(frame, Math.max(2, long / 800), 5, 0.9).then((img) => toRaw(img, 3)),
    greyOf(frame),
  ]);
  const lines = await inkLines(grey, width, height, { blur: long / 380, threshold: 30, thickness: long / 650 });
  // Tone levels from the photo's own histogram, so a dark or a bright photo still gets all levels.
  const hist = new Uint32Array(256);
  await forRows(height, (y) => {
    for (let i = y * width * 3, end = i + width * 3; i < end; i += 3) {
      const v = Math.round(0.299 * (colour[i] ?? 0) + 0.587 * (colour[i + 1] ?? 0) + 0.114 * (colour[i + 2] ?? 0));
      hist[v] = (hist[v] ?? 0) + 1;
    }
  });
  const percentile = (q: number) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) if ((acc += hist[v] ?? 0) >= q * width * height) return v;
    return 255;
  };
  const inkBelow = Math.min(percentile(0.12), 62);
  const dotsBelow = percentile(0.45);
  const creamAbove = Math.max(percentile(0.93), 200);
  const palette = POP_PALETTES[variant % POP_PALETTES.length] ?? POP_PALETTES[0] ?? [];
  const ink = palette[0] ?? [22, 18, 38];
  const cream = palette[1] ?? [255, 246, 222];
  const byHue = (hue: number, sat: number, l: number): Rgb => {
    if (sat < 0.16) return (l > 150 ? palette[5] : palette[7]) ?? cream; // grey areas: a cool flat colour
    const sector = hue < 30 || hue >= 330 ? 0 : hue < 70 ? 1 : hue < 160 ? 2 : hue < 200 ? 3 : hue < 265 ? 4 : 5;
    return palette[2 + sector] ?? cream;
  };
  const cell = Math.max(8, Math.round(long / 110));
  const out = Buffer.allocUnsafe(width * height * 3);
  await forRows(height, (y) => {
    let p = y * width;
    for (let x = 0; x < width; x++, p++) {
      const i = p * 3;
      const r = colour[i] ?? 0;
      const g = colour[i + 1] ?? 0;
      const b = colour[i + 2] ?? 0;
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      let c: Rgb;
      let dot = 0;
      if (l < inkBelow) c = ink;
      else if (l > creamAbove) c = cream;
      else {
        const max = Math.max(r, g, b);
        const d = max - Math.min(r, g, b);
        c = byHue(hueOf(r, g, b, max, d), max > 0 ? d / max : 0, l);
        if (l < dotsBelow) {
          const u = ((x + y) * 0.7071) / cell;
          const v = ((x - y) * 0.7071) / cell;
          const du = (u - Math.floor(u) - 0.5) * cell;
          const dv = (v - Math.floor(v) - 0.5) * cell;
          const radius = cell * 0.46 * Math.sqrt((dotsBelow - l) / Math.max(1, dotsBelow - inkBelow));
          dot = Math.min(1, Math.max(0, radius - Math.sqrt(du * du + dv * dv) + 0.5));
        }
      }
      const line = (lines[p] ?? 0) / 255;
      const k = Math.max(dot * 0.85, line);
      out[i] = c[0] + (ink[0] - c[0]) * k;
      out[i + 1] = c[1] + (ink[1] - c[1]) * k;
      out[i + 2] = c[2] + (ink[2] - c[2]) * k;
    }
  });
  return out;
}

export async function comic(frame: Frame, variant: number): Promise<Buffer> {
  const { width, height } = frame;
  const long = Math.max(width, height);
  const [colour, edge] = await Promise.all([
    simplified(frame, Math.max(2, long / 700), 5, 0.9).then((img) => toRaw(img.recomb(colourMatrix(1.5, variant * 30)), 3)),
    greyOf(frame).then((grey) => inkLines(grey, width, height, { blur: long / 900, threshold: 24, thickness: long / 1400 })),
  ]);
  const out = Buffer.allocUnsafe(width * height * 3);
  const bands = [0.35, 0.65, 0.9, 1.08];
  await forRows(height, (y) => {
    for (let p = y * width, i = p * 3, end = p + width; p < end; p++, i += 3) {
      const ink = (edge[p] ?? 0) / 255;
      const r = colour[i] ?? 0;
      const g = colour[i + 1] ?? 0;
      const b = colour[i + 2] ?? 0;
      const l = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
      const band = bands[Math.min(bands.length - 1, Math.floor(l * bands.length))] ?? 1;
      const scale = l > 0.02 ? band / l : 0;
      out[i] = clamp((r * scale * 0.92 + 10) * (1 - ink) + 25 * ink);
      out[i + 1] = clamp((g * scale * 0.92 + 10) * (1 - ink) + 20 * ink);
      out[i + 2] = clamp((b * scale * 0.92 + 10) * (1 - ink) + 35 * ink);
    }
  });
  return out;
}

export const PAPER_TINTS: readonly Rgb[] = [
  [246, 240, 226],
  [240, 240, 236],
  [244, 236, 218],
];

export async function pencil(frame: Frame, variant: number, seed: number): Promise<Buffer> {
  const { width, height } = frame;
  const long = Math.max(width, height);
  const grey = await toRaw(rawInput(frame.rgb, width, height, 3).greyscale().normalise({ lower: 1, upper: 99 }), 1);
  const spacing = Math.max(6, long / 210);
  const [blurredNegative, tone, contour, grain, wobble] = await Promise.all([
    toRaw(rawInput(grey, width, height, 1).negate({ alpha: false }), 1).then((negative) =>
      blurGrey(negative, width, height, Math.max(3, long / 260)),
    ),
    blurGrey(grey, width, height, long / 250),
    edges({ rgb: frame.rgb, width, height }, Math.max(1, long / 1400), 2),
    noiseField(width, height, 1.5, seed, 0.6),
    noiseField(width, height, long / 30, seed ^ 0x5bd1e995),
  ]);
  const paper = PAPER_TINTS[variant % PAPER_TINTS.length] ?? [246, 240, 226];
  const graphite: Rgb = [52, 54, 62];
  const smooth = (from: number, to: number, v: number) => {
    const t = Math.min(1, Math.max(0, (v - from) / (to - from)));
    return t * t * (3 - 2 * t);
  };
  const hatch1 = new Float32Array(256);
  const hatch2 = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    hatch1[v] = smooth(0.56, 0.28, v / 255) * 0.7;
    hatch2[v] = smooth(0.34, 0.12, v / 255) * 0.75;
  }
  const STEPS = 64;
  const profile1 = new Float32Array(STEPS);
  const profile2 = new Float32Array(STEPS);
  for (let k = 0; k < STEPS; k++) {
    const phase = k / STEPS;
    const a = (2 * phase) / 0.38 - 1;
    const b = (2 * phase) / 0.34 - 1;
    profile1[k] = phase < 0.38 ? 1 - a * a : 0;
    profile2[k] = phase < 0.34 ? 1 - b * b : 0;
  }
  const inv = 1 / spacing;
  const out = Buffer.allocUnsafe(width * height * 3);
  const [pr, pg, pb] = paper;
  const [gr, gg, gb] = graphite;
  await forRows(height, (y) => {
    let p = y * width;
    for (let x = 0; x < width; x++, p++) {
      const g = grey[p] as number;
      const neg = blurredNegative[p] as number;
      let dark = neg >= 255 ? 0 : (1 - Math.min(1, g / (255 - neg))) * 0.85;
      const t = tone[p] as number;
      const w = ((wobble[p] as number) - 128) / 128;
      const pressure = 0.8 + w * 0.2;
      const h1 = hatch1[t] as number;
      if (h1 > 0) {
        const ph = (x + y) * inv + w * 0.7 + 4;
        const s1 = (profile1[Math.floor((ph - Math.floor(ph)) * STEPS)] as number) * h1 * pressure;
        if (s1 > dark) dark = s1;
        const h2 = hatch2[t] as number;
        if (h2 > 0) {
          const ph2 = (x - y) * inv + w * 0.7;
          const s2 = (profile2[Math.floor((ph2 - Math.floor(ph2)) * STEPS)] as number) * h2 * pressure;
          if (s2 > dark) dark = s2;
        }
      }
      const line = (contour[p] as number) * (0.9 / 255);
      if (line > dark) dark = line > 0.75 ? 0.75 : line;
      const gr8 = grain[p] as number;
      const k = Math.min(1, dark * (0.78 + gr8 * (0.44 / 255)));
      const paperShade = 1 + (gr8 - 128) / 3000;
      const i = p * 3;
      out[i] = clamp((pr + (gr - pr) * k) * paperShade);
      out[i + 1] = clamp((pg + (gg - pg) * k) * paperShade);
      out[i + 2] = clamp((pb + (gb - pb) * k) * paperShade);
    }
  });
  return out;
}

export async function watercolour(frame: Frame, variant: number, seed: number): Promise<Buffer> {
  const { width, height } = frame;
  const long = Math.max(width, height);
  const sw = Math.max(8, Math.round((width * 520) / long));
  const sh = Math.max(8, Math.round((height * 520) / long));
  const small = await rawInput(frame.rgb, width, height, 3)
    .resize({ width: sw, height: sh, fit: "fill" })
    .median(5)
    .recomb(colourMatrix(1.2, variant * 25))
    .png({ palette: true, colours: 18, dither: 0, effort: 3 })
    .toBuffer();
  const up = (blur: number) => toRaw(sharp(small).blur(blur).resize({ width, height, fit: "fill", kernel: "cubic" }), 3);
  const smallRaw = await toRaw(sharp(small), 3);
  const [sharpWash, softWash, rims, bleed, grain, blotch, border] = await Promise.all([
    up(0.8),
    up(Math.max(1, (sw * 0.85) / 100)),
    edges({ rgb: smallRaw, width: sw, height: sh }, 0.5, 3).then((e) =>
      toRaw(rawInput(e, sw, sh, 1).blur(0.6).resize({ width, height, fit: "fill", kernel: "cubic" }), 1),
    ),
    noiseField(width, height, long / 14, seed),
    noiseField(width, height, 3, seed ^ 0x27d4eb2d, 1.2),
    noiseField(width, height, long / 40, seed ^ 0x165667b1),
    noiseField(width, height, long / 25, seed ^ 0x61c88647),
  ]);
  const out = Buffer.allocUnsafe(width * height * 3);
  const margin = long * 0.03;
  const spread = new Float32Array(256);
  for (let v = 0; v < 256; v++) spread[v] = Math.min(1, Math.max(0, (v - 100) / 70));
  await forRows(height, (y) => {
    let p = y * width;
    const dyEdge = Math.min(y, height - 1 - y);
    for (let x = 0; x < width; x++, p++) {
      const i = p * 3;
      const m = spread[bleed[p] as number] as number;
      let painted = 1;
      const d = Math.min(x, width - 1 - x, dyEdge);
      if (d < margin * 2) {
        const edge = d + ((border[p] as number) - 128) * (margin / 170);
        painted = Math.min(1, Math.max(0, (edge - margin * 0.4) / (margin * 0.5)));
      }
      const r0 = (sharpWash[i] as number) + ((softWash[i] as number) - (sharpWash[i] as number)) * m;
      const g0 = (sharpWash[i + 1] as number) + ((softWash[i + 1] as number) - (sharpWash[i + 1] as number)) * m;
      const b0 = (sharpWash[i + 2] as number) + ((softWash[i + 2] as number) - (sharpWash[i + 2] as number)) * m;
      const lum = 0.299 * r0 + 0.587 * g0 + 0.114 * b0;
      const pooling = lum < 235 ? 1 + (rims[p] as number) * (1.4 / 255) : 1;
      const gn = grain[p] as number;
      const granulation = (1 + (gn - 128) / 700) * (1 + ((blotch[p] as number) - 128) / 420);
      const f = 0.85 * pooling * granulation * painted;
      const tooth = (gn - 128) / 60;
      out[i] = clamp(251 - Math.max(0, 239 - r0) * f + tooth);
      out[i + 1] = clamp(251 - Math.max(0, 239 - g0) * f + tooth);
      out[i + 2] = clamp(251 - Math.max(0, 239 - b0) * f + tooth);
    }
  });
  return out;
}

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
  await forRows(height, (y) => {
    for (let p = y * width, i = p * 3, end = p + width; p < end; p++, i += 3) {
      const v = (grey[p] ?? 0) * 3;
      out[i] = lut[v] ?? 0;
      out[i + 1] = lut[v + 1] ?? 0;
      out[i + 2] = lut[v + 2] ?? 0;
    }
  });
  return out;
}

export const SEPIA: Matrix3 = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

export async function vintage(frame: Frame, variant: number, seed: number): Promise<Buffer> {
  const { width, height } = frame;
  const toned = await toRaw(rawInput(frame.rgb, width, height, 3).recomb(SEPIA), 3);
  const grain = noiseTile(seed);
  const lift = [28 + variant * 5, 28, 28 - variant * 5];
  const out = Buffer.allocUnsafe(width * height * 3);
  const cx = width / 2;
  const cy = height / 2;
  const maxR2 = cx * cx + cy * cy;
  await forRows(height, (y) => {
    let p = y * width;
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
  });
  return out;
}
