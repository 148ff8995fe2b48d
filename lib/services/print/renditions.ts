import "server-only";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { logger } from "@/lib/logger";
import { MAX_INPUT_PIXELS } from "@/lib/integrations/images/intake";
import { getStorage } from "@/lib/integrations/storage";
import { printPlan } from "@/lib/domain/print-fit";
import { templatePixelSizes } from "./templates";

const JPEG_QUALITY = 92;
/** Light sharpening after an upscale (Gaussian sigma of sharp's unsharp mask): restores edge contrast without halos. */
const UPSCALE_SHARPEN_SIGMA = 0.8;

export interface PrintImage {
  jpeg: Buffer;
  width: number;
  height: number;
  /** Resolution of the source pixels used (the cover crop of the source) at template size. */
  dpi: number;
  /** Print pixels ÷ source pixels along the width. */
  upscale: number;
}

/** An image to print: its storage key (names its print-ready rendition), its pixel size and a way to read its bytes. */
export interface PrintSource {
  storageKey: string;
  width: number;
  height: number;
  read: () => Promise<Buffer>;
}

/**
 * Version of the print-ready rendition: part of its storage key, so a change to the resize,
 * sharpening or encoding below (bump it) never serves a rendition made the old way.
 */
export const PRINT_RENDITION_VERSION = "v1";

/**
 * Storage key of an image's print-ready JPEG at a print pixel size: derived from the image's storage
 * key (never reused for other bytes), the pixel size and PRINT_RENDITION_VERSION, so it is found
 * again without any database row. E.g. print/3f…9a-2362x945-v1.jpg.
 */
export function printRenditionKey(storageKey: string, width: number, height: number): string {
  const digest = createHash("sha256").update(storageKey).digest("hex").slice(0, 40);
  return `print/${digest}-${width}x${height}-${PRINT_RENDITION_VERSION}.jpg`;
}

/**
 * Deletes the print renditions of an image that is being deleted: one per print template size of any
 * mug (the pixel size depends on the template only). A rendition made for a template size no mug has
 * any more stays behind; a failed delete only logs.
 */
export async function deletePrintRenditions(storageKey: string): Promise<void> {
  const keys = new Set((await templatePixelSizes()).map((size) => printRenditionKey(storageKey, size.width, size.height)));
  const storage = getStorage();
  await Promise.all(
    [...keys].map((key) => storage.delete(key).catch((err: unknown) => logger.warn("could not delete a print rendition", { key, err }))),
  );
}

const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

// Renditions being made right now, by key: two prints of the same image at once encode it once.
const inFlight = ((globalThis as { __printRenditions?: Map<string, Promise<Buffer>> }).__printRenditions ??= new Map());

/**
 * The print-ready JPEG of an image at a template size: read from storage when it was made before
 * (an image printed before costs one storage read, no decoding or encoding); else made by
 * fitPrintImage and kept in storage for the next print. A failed write only costs the next print
 * the encoding again.
 */
export async function printReadyImage(
  source: PrintSource,
  templateWidthMm: number,
  templateHeightMm: number,
): Promise<PrintImage & { reused: boolean }> {
  const plan = printPlan(source.width, source.height, templateWidthMm, templateHeightMm);
  const key = printRenditionKey(source.storageKey, plan.width, plan.height);
  const numbers = { width: plan.width, height: plan.height, dpi: plan.sourceDpi, upscale: plan.upscale };
  const storage = getStorage();
  const stored = await storage.get(key).catch((err: unknown) => {
    logger.warn("could not read a print rendition", { key, err });
    return null;
  });
  if (stored && isJpeg(stored)) return { jpeg: stored, ...numbers, reused: true };

  let making = inFlight.get(key);
  if (!making) {
    making = (async () => {
      const fitted = await fitPrintImage(await source.read(), templateWidthMm, templateHeightMm);
      await storage
        .put(key, fitted.jpeg, "image/jpeg")
        .catch((err: unknown) => logger.warn("could not store a print rendition", { key, err }));
      return fitted.jpeg;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return { jpeg: await making, ...numbers, reused: false };
}

/**
 * Cover-fits an image to the template's aspect ratio (centred crop, nothing distorted) and resizes
 * it to exactly 300 DPI at template size: a larger source is scaled down, a smaller one scaled up
 * with Lanczos-3 and lightly sharpened. Encoded as JPEG (embedded as it is in the PDF), white behind
 * any transparency. Runs in sharp's thread pool, off the main thread.
 */
export async function fitPrintImage(bytes: Buffer, templateWidthMm: number, templateHeightMm: number): Promise<PrintImage> {
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
  const meta = await input().metadata();
  if (!meta.width || !meta.height) throw new Error("fitPrintImage: the stored image has no dimensions");
  const swapped = (meta.orientation ?? 1) >= 5;
  const srcW = swapped ? meta.height : meta.width;
  const srcH = swapped ? meta.width : meta.height;

  const plan = printPlan(srcW, srcH, templateWidthMm, templateHeightMm);
  const { cropW, cropH, width, height } = plan;
  let pipeline = input()
    .rotate()
    .extract({ left: Math.floor((srcW - cropW) / 2), top: Math.floor((srcH - cropH) / 2), width: cropW, height: cropH })
    .flatten({ background: "#ffffff" });
  if (width !== cropW || height !== cropH) pipeline = pipeline.resize({ width, height, fit: "fill", kernel: "lanczos3" });
  if (width > cropW) pipeline = pipeline.sharpen({ sigma: UPSCALE_SHARPEN_SIGMA });
  const jpeg = await pipeline.jpeg({ quality: JPEG_QUALITY, chromaSubsampling: "4:4:4" }).toBuffer();
  return { jpeg, width, height, dpi: plan.sourceDpi, upscale: plan.upscale };
}
