export const OFFLINE_STYLES = ["pop-art", "comic", "pencil", "watercolour", "duotone", "vintage"] as const;
export type OfflineStyle = (typeof OFFLINE_STYLES)[number];

export const STYLE_KEYWORDS: readonly (readonly [OfflineStyle, RegExp])[] = [
  ["pop-art", /pop[\s-]?art/],
  ["comic", /comic|cartoon|manga|cel[\s-]shad/],
  ["pencil", /pencil|sketch|graphite|charcoal|bleistift|skizze/],
  ["watercolour", /watercolou?r|aquarell/],
  ["duotone", /duo[\s-]?tone?|two[\s-]tone/],
  ["vintage", /vintage|retro|sepia|nostalgi/],
];

export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

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

export type Rgb = readonly [number, number, number];

export const COLOUR_WORDS: readonly (readonly [RegExp, Rgb])[] = [
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

export const DUOTONE_PAIRS: readonly (readonly [Rgb, Rgb])[] = [
  [
    [20, 33, 77],
    [255, 127, 102],
  ],
  [
    [46, 16, 101],
    [255, 214, 10],
  ],
  [
    [0, 70, 67],
    [240, 235, 200],
  ],
  [
    [120, 20, 60],
    [255, 190, 120],
  ],
];

export function luma(c: Rgb): number {
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
}

export function duotoneColours(prompt: string, variant: number): readonly [Rgb, Rgb] {
  const text = prompt.toLowerCase();
  const found = COLOUR_WORDS.map(([re, rgb]) => ({ at: text.search(re), rgb }))
    .filter((f) => f.at >= 0)
    .sort((a, b) => a.at - b.at);
  const first = found[0];
  const second = first && found.find((f) => Math.abs(luma(f.rgb) - luma(first.rgb)) > 50);
  if (variant === 0 && first && second) return luma(first.rgb) <= luma(second.rgb) ? [first.rgb, second.rgb] : [second.rgb, first.rgb];
  const pair = DUOTONE_PAIRS[(hashText(text) + variant) % DUOTONE_PAIRS.length];
  return (
    pair ?? [
      [20, 33, 77],
      [255, 127, 102],
    ]
  );
}

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const NOISE_SIZE = 128;

export function noiseTile(seed: number): Float32Array {
  const next = rng(seed);
  const raw = new Float32Array(NOISE_SIZE * NOISE_SIZE);
  for (let i = 0; i < raw.length; i++) raw[i] = next() * 2 - 1;
  const out = new Float32Array(raw.length);
  for (let y = 0; y < NOISE_SIZE; y++) {
    for (let x = 0; x < NOISE_SIZE; x++) {
      const at = (dx: number, dy: number) =>
        raw[((y + dy + NOISE_SIZE) % NOISE_SIZE) * NOISE_SIZE + ((x + dx + NOISE_SIZE) % NOISE_SIZE)] ?? 0;
      out[y * NOISE_SIZE + x] = (at(0, 0) * 2 + at(1, 0) + at(-1, 0) + at(0, 1) + at(0, -1)) / 3;
    }
  }
  return out;
}
