import sharp from "sharp";
import { MAX_INPUT_PIXELS } from "@/lib/integrations/images/intake";
import { GenerationError, type GenerateRequest, type GeneratedImage } from "../types";
import { hashText, pickOfflineStyle, type OfflineStyle } from "./palette";
import { rawInput, type Frame } from "./pixels";
import { comic, duotone, pencil, popArt, vintage, watercolour } from "./styles";

/** No "server-only" here or in its imports: the worker runs without React's server conditions. */

/** Covers the default mug's template at 300 DPI (2362 px). */
const DEFAULT_LONG_SIDE = 2400;
const JPEG_QUALITY = 88;

function longSide(size: GenerateRequest["settings"]["size"]): number {
  if (!size) return DEFAULT_LONG_SIDE;
  const [w, h] = size.split("x").map(Number);
  return Math.max(DEFAULT_LONG_SIDE, w ?? 0, h ?? 0);
}

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

export async function stylePhotoInThread(
  image: GenerateRequest["image"],
  prompt: string,
  opts: { size?: GenerateRequest["settings"]["size"]; variant?: number; style?: OfflineStyle; longSide?: number } = {},
): Promise<GeneratedImage & { style: OfflineStyle; width: number; height: number }> {
  const style = opts.style ?? pickOfflineStyle(prompt);
  const frame = await loadFrame(image, opts.longSide ?? longSide(opts.size));
  const pixels = await render(frame, style, prompt, opts.variant ?? 0);
  const data = await rawInput(pixels, frame.width, frame.height, 3).jpeg({ quality: JPEG_QUALITY, chromaSubsampling: "4:4:4" }).toBuffer();
  return { data, mimeType: "image/jpeg", style, width: frame.width, height: frame.height };
}
