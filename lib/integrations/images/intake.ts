import sharp, { type Metadata } from "sharp";
import { ApiError } from "@/lib/errors";
import { MAX_UPLOAD_BYTES } from "@/lib/domain/photo-limits";

export const IMAGE_BYTE_LIMITS = {
  editor: MAX_UPLOAD_BYTES,
  catalogue: 10 * 1024 * 1024,
  slot: 5 * 1024 * 1024,
  edited: 10 * 1024 * 1024,
  generated: 25 * 1024 * 1024,
} as const;
export type ImageUse = keyof typeof IMAGE_BYTE_LIMITS;

/** A small file that declares a bigger picture is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

export type SourceType = "png" | "jpeg" | "gif" | "webp";
export type OutputFormat = "webp" | "jpeg" | "png";

export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ProcessedImage {
  data: Buffer;
  mimeType: `image/${OutputFormat}`;
  extension: OutputFormat;
  width: number;
  height: number;
  sourceType: SourceType;
}

export function sniffImageType(bytes: Uint8Array): SourceType | null {
  const starts = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

export function isValidCrop(crop: Crop, width: number, height: number): boolean {
  const ints = [crop.x, crop.y, crop.width, crop.height].every((v) => Number.isInteger(v));
  return (
    ints &&
    crop.x >= 0 &&
    crop.y >= 0 &&
    crop.width >= 1 &&
    crop.height >= 1 &&
    crop.x + crop.width <= width &&
    crop.y + crop.height <= height
  );
}

const MB = 1024 * 1024;

/** Never returns the caller's bytes: always our own encoding without metadata. */
export async function intakeImage(
  bytes: Buffer,
  opts: {
    use: ImageUse;
    crop?: Crop | null;
    format: OutputFormat;
    maxDimension?: number;
    coverBox?: { width: number; height: number };
    quality?: number;
  },
): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new ApiError(422, "errors.imageRequired");
  const limit = IMAGE_BYTE_LIMITS[opts.use];
  if (bytes.length > limit) throw new ApiError(413, "errors.imageTooLarge", undefined, { maxMb: Math.round(limit / MB) });
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw new ApiError(415, "errors.imageTypeUnsupported");

  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, animated: false }).metadata();
  } catch {
    throw new ApiError(422, "errors.imageInvalid");
  }
  if (meta.format !== sourceType || !meta.width || !meta.height) throw new ApiError(422, "errors.imageInvalid");
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ApiError(422, "errors.imageTooManyPixels");

  // EXIF orientations 5–8 swap width and height once applied.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  if (opts.crop && !isValidCrop(opts.crop, width, height)) throw new ApiError(422, "errors.cropOutsideImage");

  try {
    let pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: "error" }).rotate();
    if (opts.crop) pipeline = pipeline.extract({ left: opts.crop.x, top: opts.crop.y, width: opts.crop.width, height: opts.crop.height });
    if (opts.maxDimension)
      pipeline = pipeline.resize({ width: opts.maxDimension, height: opts.maxDimension, fit: "inside", withoutEnlargement: true });
    if (opts.coverBox)
      pipeline = pipeline.resize({ width: opts.coverBox.width, height: opts.coverBox.height, fit: "outside", withoutEnlargement: true });
    const quality = opts.quality ?? (opts.format === "jpeg" ? 90 : 85);
    pipeline =
      opts.format === "webp"
        ? pipeline.webp({ quality, effort: 2 })
        : opts.format === "jpeg"
          ? pipeline.flatten({ background: "#ffffff" }).jpeg({ quality, chromaSubsampling: "4:4:4" })
          : pipeline.png({ compressionLevel: 6 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, mimeType: `image/${opts.format}`, extension: opts.format, width: info.width, height: info.height, sourceType };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(422, "errors.imageInvalid");
  }
}
