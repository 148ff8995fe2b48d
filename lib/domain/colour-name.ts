export type ColourLocale = "en" | "de";

const BASIC_COLOURS: readonly { rgb: readonly [number, number, number]; en: string; de: string }[] = [
  { rgb: [255, 255, 255], en: "white", de: "weiß" },
  { rgb: [0, 0, 0], en: "black", de: "schwarz" },
  { rgb: [128, 128, 128], en: "grey", de: "grau" },
  { rgb: [192, 192, 192], en: "light grey", de: "hellgrau" },
  { rgb: [64, 64, 64], en: "dark grey", de: "dunkelgrau" },
  { rgb: [198, 40, 40], en: "red", de: "rot" },
  { rgb: [255, 0, 0], en: "red", de: "rot" },
  { rgb: [128, 0, 32], en: "dark red", de: "dunkelrot" },
  { rgb: [255, 140, 0], en: "orange", de: "orange" },
  { rgb: [255, 215, 0], en: "yellow", de: "gelb" },
  { rgb: [46, 125, 50], en: "green", de: "grün" },
  { rgb: [144, 238, 144], en: "light green", de: "hellgrün" },
  { rgb: [21, 101, 192], en: "blue", de: "blau" },
  { rgb: [0, 0, 255], en: "blue", de: "blau" },
  { rgb: [0, 0, 128], en: "navy blue", de: "dunkelblau" },
  { rgb: [135, 206, 235], en: "light blue", de: "hellblau" },
  { rgb: [0, 128, 128], en: "teal", de: "petrol" },
  { rgb: [128, 0, 128], en: "purple", de: "lila" },
  { rgb: [255, 182, 193], en: "pink", de: "rosa" },
  { rgb: [139, 69, 19], en: "brown", de: "braun" },
  { rgb: [245, 245, 220], en: "beige", de: "beige" },
];

const HEX = /#([0-9a-f]{6}|[0-9a-f]{3})\b/i;

function rgbOf(hex: string): [number, number, number] | null {
  const m = HEX.exec(hex);
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

export function colourName(hex: string, locale: ColourLocale): string | null {
  const rgb = rgbOf(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb;
  let best = BASIC_COLOURS[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of BASIC_COLOURS) {
    const [cr, cg, cb] = c.rgb;
    // "Redmean" weighting: closer to what the eye sees than plain RGB distance.
    const mean = (r + cr) / 2;
    const distance = (2 + mean / 256) * (r - cr) ** 2 + 4 * (g - cg) ** 2 + (2 + (255 - mean) / 256) * (b - cb) ** 2;
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return best ? best[locale] : null;
}

const WORDS = {
  en: { inside: "inside", outside: "outside" },
  de: { inside: "innen", outside: "außen" },
} as const;

export function describeColour(colour: string | null | undefined, locale: ColourLocale): string | null {
  const text = colour?.trim();
  if (!text) return null;
  const inside = /inside\s+(#[0-9a-f]{3,6})/i.exec(text)?.[1];
  const outside = /outside\s+(#[0-9a-f]{3,6})/i.exec(text)?.[1];
  const words = WORDS[locale];
  if (inside && outside) {
    const [i, o] = [colourName(inside, locale), colourName(outside, locale)];
    if (i && o) return i === o ? i : `${words.outside} ${o}, ${words.inside} ${i}`;
  }
  return text.replace(new RegExp(HEX.source, "gi"), (code) => colourName(code, locale) ?? code);
}

export function lineColour(line: { variantName: string | null; colour: string | null }, locale: ColourLocale): string | null {
  return describeColour(line.variantName, locale) ?? describeColour(line.colour, locale);
}

export function colourLocale(locale: string | null | undefined): ColourLocale {
  return locale?.toLowerCase().startsWith("de") ? "de" : "en";
}

/** The person at the printer needs the real colours. */
export function lineColourDetail(line: { variantName: string | null; colour: string | null }, locale: ColourLocale): string {
  const parts = [describeColour(line.variantName, locale), describeColour(line.colour, locale)].filter((p): p is string => !!p);
  return parts.filter((p, i) => parts.findIndex((q) => q.toLowerCase() === p.toLowerCase()) === i).join(" · ");
}
