import "server-only";
import sharp from "sharp";
import { logger } from "@/lib/logger";
import { MAX_INPUT_PIXELS } from "@/lib/integrations/images/intake";
import { getStorage } from "@/lib/integrations/storage";
import { printPlan } from "@/lib/domain/print-fit";
import { printRenditionKey } from "@/lib/services/images/print-sizes";

const JPEG_QUALITY = 92;
const UPSCALE_SHARPEN_SIGMA = 0.8;

export interface PrintImage {
  jpeg: Buffer;
  width: number;
  height: number;
  dpi: number;
  upscale: number;
}

export interface PrintSource {
  storageKey: string;
  width: number;
  height: number;
  read: () => Promise<Buffer>;
}

const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

// Renditions being made right now, by key: two prints of the same image at once encode it once.
const inFlight = ((globalThis as { __printRenditions?: Map<string, Promise<Buffer>> }).__printRenditions ??= new Map());

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
