import sharp from "sharp";
import { ApiError } from "@/lib/errors";
import { IMAGE_BYTE_LIMITS, MAX_INPUT_PIXELS, intakeImage, sniffImageType, type ProcessedImage } from "./intake";

export const LOGO_BYTE_LIMIT = IMAGE_BYTE_LIMITS.slot;
const LOGO_MAX_DIMENSION = 512;
const MB = 1024 * 1024;

/** By the bytes, never the file name: an XML prolog, comments or a DOCTYPE, then an <svg> root. */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>)\s*)*/i, "");
  return /^<svg[\s>]/i.test(rest);
}

/**
 * The owner's SVG is never served as SVG: it is drawn to a PNG, so no script, event handler or link in it
 * reaches a browser. A DOCTYPE (entities) or a reference outside the file is refused before drawing.
 */
async function rasteriseSvg(bytes: Buffer): Promise<ProcessedImage> {
  const text = bytes.toString("utf8");
  if (/<!DOCTYPE|<!ENTITY/i.test(text) || /(?:href|src)\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg|webp);)/i.test(text)) {
    throw new ApiError(422, "errors.logoSvgUnsafe");
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format !== "svg" || !meta.width || !meta.height) throw new ApiError(422, "errors.imageInvalid");
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, density: 144 })
      .resize({ width: LOGO_MAX_DIMENSION, height: LOGO_MAX_DIMENSION, fit: "inside" })
      .png({ compressionLevel: 6 })
      .toBuffer({ resolveWithObject: true });
    return { data, mimeType: "image/png", extension: "png", width: info.width, height: info.height, sourceType: "png" };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(422, "errors.imageInvalid");
  }
}

/** PNG, WebP or SVG in; always our own PNG out (PDFs take PNG, browsers any favicon PNG). */
export async function intakeLogo(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new ApiError(422, "errors.imageRequired");
  if (bytes.length > LOGO_BYTE_LIMIT)
    throw new ApiError(413, "errors.imageTooLarge", undefined, { maxMb: Math.round(LOGO_BYTE_LIMIT / MB) });
  const type = sniffImageType(bytes);
  if (type === "png" || type === "webp") {
    return intakeImage(bytes, { use: "slot", format: "png", maxDimension: LOGO_MAX_DIMENSION });
  }
  if (type === null && looksLikeSvg(bytes)) return rasteriseSvg(bytes);
  throw new ApiError(415, "errors.logoTypeUnsupported");
}
