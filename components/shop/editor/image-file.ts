import type { Area } from "react-easy-crop";

import { MAX_PHOTO_BYTES, MAX_UPLOAD_BYTES, PHOTO_TYPES } from "@/lib/domain/photo-limits";
import { loadImage } from "@/components/ui/image-crop";

export { MAX_PHOTO_BYTES, MAX_UPLOAD_BYTES };
export const ACCEPTED_TYPES = PHOTO_TYPES;
export const UPLOAD_MAX_DIMENSION = 2048;
const JPEG_QUALITY = 0.9;

export type FileProblem = "notAnImage" | "tooLarge";

export function checkFile(file: File): FileProblem | null {
  if (!(ACCEPTED_TYPES as readonly string[]).includes(file.type)) return "notAnImage";
  if (file.size > MAX_PHOTO_BYTES) return "tooLarge";
  return null;
}

export function formatBytes(bytes: number, locale: string): string {
  const nf = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${nf.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${nf.format(bytes / 1024)} kB`;
  return `${nf.format(bytes / (1024 * 1024))} MB`;
}

/** Whether the browser can decode the file at all (a renamed text file is refused before cropping). */
export async function canDecode(url: string): Promise<boolean> {
  try {
    const img = await loadImage(url);
    return img.naturalWidth > 0 && img.naturalHeight > 0;
  } catch {
    return false;
  }
}

/** The photo's size in pixels, the unit of a crop area. */
export async function imageSize(url: string): Promise<{ width: number; height: number }> {
  const img = await loadImage(url);
  return { width: img.naturalWidth, height: img.naturalHeight };
}

export function scaledSize(area: Pick<Area, "width" | "height">, maxDimension = UPLOAD_MAX_DIMENSION): { width: number; height: number } {
  const scale = Math.min(1, maxDimension / Math.max(area.width, area.height));
  return { width: Math.max(1, Math.round(area.width * scale)), height: Math.max(1, Math.round(area.height * scale)) };
}

export async function cropAndDownscale(url: string, area: Area): Promise<{ blob: Blob; width: number; height: number }> {
  const img = await loadImage(url);
  const x = Math.max(0, Math.round(area.x));
  const y = Math.max(0, Math.round(area.y));
  const w = Math.min(img.naturalWidth - x, Math.round(area.width));
  const h = Math.min(img.naturalHeight - y, Math.round(area.height));
  if (w <= 0 || h <= 0) throw new Error("empty crop area");
  const size = scaledSize({ width: w, height: h });
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2d canvas");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(img, x, y, w, h, 0, 0, size.width, size.height);
  // Re-encoded until it fits the server's limit (a photo of fine grain may need a lower quality).
  for (const quality of [JPEG_QUALITY, 0.8, 0.7, 0.6]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (!blob) throw new Error("canvas could not encode the image");
    if (blob.size <= MAX_UPLOAD_BYTES) return { blob, ...size };
  }
  throw new Error("the cropped photo does not fit the upload limit");
}

/** A photo the server takes: a larger one is scaled down and re-encoded whole, as the editor does with its crop. */
export async function fitForUpload(file: File): Promise<File> {
  if (file.size <= MAX_UPLOAD_BYTES) return file;
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    const { blob } = await cropAndDownscale(url, { x: 0, y: 0, width: img.naturalWidth, height: img.naturalHeight });
    return new File([blob], file.name.replace(/\.\w+$/, "") + ".jpg", { type: "image/jpeg" });
  } finally {
    URL.revokeObjectURL(url);
  }
}
