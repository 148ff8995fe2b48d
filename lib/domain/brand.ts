/** The demo's name and the shop's colour before the owner sets their own. */
export const DEFAULT_SHOP_NAME = "MugMagic";
export const DEFAULT_PRIMARY_COLOR = "#c2410c";
export const HEX_COLOR = /^#[0-9a-f]{6}$/;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or black, whichever reads better on the colour. */
export function textOn(hex: string): "#ffffff" | "#000000" {
  return contrast(hex, "#ffffff") >= contrast(hex, "#000000") ? "#ffffff" : "#000000";
}

function mix(hex: string, toward: Rgb, share: number): string {
  const rgb = rgbOf(hex);
  return hexOf(rgb.map((c, i) => c + ((toward[i] ?? c) - c) * share) as Rgb);
}

/** Darkened step by step until it stands out from `ground` by `ratio`, so a pale brand colour keeps links and focus rings visible. */
function darkenedOn(hex: string, ratio: number, ground = "#ffffff"): string {
  let colour = hex;
  for (let share = 0.05; contrast(colour, ground) < ratio && share <= 1; share += 0.05) colour = mix(hex, [0, 0, 0], share);
  return colour;
}

/**
 * The storefront's accent variables (the Tailwind `brand-*` colours) derived from the owner's colour. The default colour
 * needs none: the stylesheet's hand-tuned palette applies, and every page stays lighter.
 */
export function accentVariables(primary: string): Record<string, string> {
  const hex = HEX_COLOR.test(primary) ? primary.toLowerCase() : DEFAULT_PRIMARY_COLOR;
  if (hex === DEFAULT_PRIMARY_COLOR) return {};
  const tint = mix(hex, [255, 255, 255], 0.86);
  // Text in the accent sits on white and on the pale tint (badges), so it must read on the tint too.
  const text = darkenedOn(hex, 4.5, tint);
  return {
    "--color-brand-50": mix(hex, [255, 255, 255], 0.94),
    "--color-brand-100": tint,
    "--color-brand-400": mix(hex, [255, 255, 255], 0.2),
    "--color-brand-500": darkenedOn(hex, 3),
    "--color-brand-600": hex,
    "--color-brand-700": text,
    "--color-brand-800": mix(text, [0, 0, 0], 0.2),
    "--color-brand-contrast": textOn(hex),
  };
}
