import type { ImageCrop } from "@/lib/api-client/articles";

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

export type ImageFileProblem = "type" | "size";

export function checkImageFile(file: Pick<File, "type" | "size">, maxMb: number): ImageFileProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return "type";
  if (file.size > maxMb * 1024 * 1024) return "size";
  return null;
}

export interface PendingImage {
  file: File;
  crop: ImageCrop | null;
  previewUrl: string;
}

export type ImageChange = { kind: "keep" } | { kind: "set"; image: PendingImage } | { kind: "remove" };

export function clampCrop(area: ImageCrop, natural: { width: number; height: number }): ImageCrop {
  const x = Math.min(Math.max(0, Math.round(area.x)), Math.max(0, natural.width - 1));
  const y = Math.min(Math.max(0, Math.round(area.y)), Math.max(0, natural.height - 1));
  const width = Math.max(1, Math.min(Math.round(area.width), natural.width - x));
  const height = Math.max(1, Math.min(Math.round(area.height), natural.height - y));
  return { x, y, width, height };
}

/** Decodes an image the browser can show (an object URL or our own route); rejects what it cannot decode. */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("image could not be decoded"));
    img.src = url;
  });
}

/** The image's natural size, or null when the browser cannot decode it (a renamed file). */
export async function imageSize(url: string): Promise<{ width: number; height: number } | null> {
  try {
    const img = await loadImage(url);
    return img.naturalWidth > 0 && img.naturalHeight > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null;
  } catch {
    return null;
  }
}

export async function croppedPreview(url: string, crop: ImageCrop, maxDimension = 640): Promise<string> {
  const img = await loadImage(url);
  const scale = Math.min(1, maxDimension / Math.max(crop.width, crop.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(crop.width * scale));
  canvas.height = Math.max(1, Math.round(crop.height * scale));
  const ctx = canvas.getContext("2d");
  if (!ctx) return url;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, crop.x, crop.y, crop.width, crop.height, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", 0.85);
}
