import "server-only";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "@/db/client";
import { articles, images, mugDetails } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { env } from "@/lib/env";
import type { Session } from "@/lib/auth/session";
import { MAX_INPUT_PIXELS } from "@/lib/integrations/images/intake";
import { getStorage } from "@/lib/integrations/storage";
import { renderPrintPdf } from "@/lib/integrations/pdf/print-pdf";
import { MIN_PRINT_DPI, PRINT_DPI_HEADER, PRINT_DPI_OK_HEADER, type GeneratePdfBody } from "@/lib/schemas/print";
import { originOf, resolveShopImageUrl } from "./image-url";
import { getViewableImageOrThrow, readImageBytesOrThrow } from "./images";
import { consume } from "./rate-limit";
import { PRINT_DPI, printPlan } from "@/lib/domain/print-fit";
import { printRenditionKey } from "./print-renditions";

export { PRINT_RENDITION_VERSION, printRenditionKey } from "./print-renditions";

/** The print image is embedded at exactly this resolution at template size: finer sources are scaled down, coarser ones up. */
export const MAX_PRINT_DPI = PRINT_DPI;
const JPEG_QUALITY = 92;
/** Light sharpening after an upscale (Gaussian sigma of sharp's unsharp mask): restores edge contrast without halos. */
const UPSCALE_SHARPEN_SIGMA = 0.8;

/** Response headers besides x-print-dpi (the source's resolution) and x-print-dpi-ok. */
export const PRINT_SOURCE_DPI_HEADER = "x-print-source-dpi";
export const PRINT_EFFECTIVE_DPI_HEADER = "x-print-effective-dpi";
export const PRINT_UPSCALE_HEADER = "x-print-upscale";

export interface PrintPdf {
  pdf: Buffer;
  filename: string;
  /** Resolution at print size of the source pixels used (the cover crop of the source). */
  dpi: number;
  /** The source has at least MIN_PRINT_DPI: an upscaled print of a coarser source stays soft. */
  dpiOk: boolean;
  /** Resolution of the image embedded in the PDF (PRINT_DPI: the source is resized to it). */
  effectiveDpi: number;
  /** Print pixels ÷ source pixels (> 1: upscaled for print, < 1: scaled down). */
  upscale: number;
  /** The print-ready JPEG came from storage (an image printed before at this size): nothing re-encoded. */
  reused: boolean;
}

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
 * The print PDF for a mug and one of the shop's images: the mug's document format with the image
 * cover-fitted into the print template area at 300 DPI. `imageUrl` only names an image
 * (`/api/images/{id}` on this shop, see ./image-url.ts): it is never fetched. The caller must be
 * allowed to see the image (catalogue images: anyone; others: owner, admin or the URL's access key),
 * else 404 as for an unknown image.
 */
export async function generatePrintPdf(
  input: GeneratePdfBody,
  session: Session | null,
  requestOrigin: string,
  clientIp: string,
): Promise<PrintPdf> {
  const ref = resolveShopImageUrl(input.imageUrl, shopOrigins(requestOrigin));
  if (!ref) throw new ApiError(400, "errors.imageUrlNotAllowed");
  const mug = await getPrintableMugOrThrow(input.mugId);
  const image = await getViewableImageOrThrow(ref.id, session, ref.key);
  // Only requests that will really render count against the limit.
  await enforcePdfRateLimit(clientIp);
  const db = await getDb();
  const [size] = await db.select({ width: images.width, height: images.height }).from(images).where(eq(images.id, image.id));
  if (!size) throw notFound();
  const source: PrintSource = { storageKey: image.storageKey, ...size, read: () => readImageBytesOrThrow(image) };
  return renderPrintFile(source, { ...mug, label: mug.articleNumber ?? `mug-${mug.id}` });
}

/** The document format of a mug's print file. */
export interface PrintFormat {
  templateWidthMm: number;
  templateHeightMm: number;
  documentWidthMm: number;
  documentHeightMm: number;
  bottomMarginMm: number;
  /** Names the file (article number or mug id), plus an optional suffix (e.g. "line-12"). */
  label: string;
  suffix?: string;
}

/** The print PDF of an image in a mug's document format: cover-fitted at 300 DPI, with the source's DPI. */
export async function renderPrintFile(source: PrintSource, format: PrintFormat): Promise<PrintPdf> {
  const fitted = await printReadyImage(source, format.templateWidthMm, format.templateHeightMm);
  const effectiveDpi = PRINT_DPI;
  const pdf = await renderPrintPdf({
    documentWidthMm: format.documentWidthMm,
    documentHeightMm: format.documentHeightMm,
    bottomMarginMm: format.bottomMarginMm,
    templateWidthMm: format.templateWidthMm,
    templateHeightMm: format.templateHeightMm,
    image: fitted.jpeg,
    dpi: effectiveDpi,
    sourceDpi: fitted.dpi,
    title: `${format.label} print file`,
  });
  const name = [format.label.replace(/[^A-Za-z0-9._-]/g, "_"), format.suffix, "print"].filter(Boolean).join("-");
  return {
    pdf,
    filename: `${name}.pdf`,
    dpi: fitted.dpi,
    dpiOk: fitted.dpi >= MIN_PRINT_DPI,
    effectiveDpi,
    upscale: fitted.upscale,
    reused: fitted.reused,
  };
}

/** The HTTP answer: the PDF as a download, never cached by shared caches (it may show a private image). */
export function printPdfResponse(result: PrintPdf): Response {
  // A view of the bytes, not a copy (new Uint8Array(buffer) would copy the whole file).
  return new Response(new Uint8Array(result.pdf.buffer as ArrayBuffer, result.pdf.byteOffset, result.pdf.length), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-length": String(result.pdf.length),
      "content-disposition": `attachment; filename="${result.filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      [PRINT_DPI_HEADER]: String(result.dpi),
      [PRINT_DPI_OK_HEADER]: String(result.dpiOk),
      [PRINT_SOURCE_DPI_HEADER]: String(result.dpi),
      [PRINT_EFFECTIVE_DPI_HEADER]: String(result.effectiveDpi),
      [PRINT_UPSCALE_HEADER]: String(result.upscale),
    },
  });
}

/** Origins under which this shop's image URLs are accepted: the request's own and the configured public URL. */
function shopOrigins(requestOrigin: string): string[] {
  const origins = [requestOrigin];
  const configured = originOf(env().AUTH_URL);
  if (configured) origins.push(configured);
  return origins;
}

interface PrintableMug {
  id: number;
  articleNumber: string | null;
  templateWidthMm: number;
  templateHeightMm: number;
  documentWidthMm: number;
  documentHeightMm: number;
  bottomMarginMm: number;
}

/** An active MUG article with its mug details; anything else (unknown, inactive, a shirt) → 404 "Invalid mug ID". */
async function getPrintableMugOrThrow(mugId: number): Promise<PrintableMug> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: articles.id,
      articleNumber: articles.articleNumber,
      templateWidthMm: mugDetails.printTemplateWidthMm,
      templateHeightMm: mugDetails.printTemplateHeightMm,
      documentWidthMm: mugDetails.documentWidthMm,
      documentHeightMm: mugDetails.documentHeightMm,
      bottomMarginMm: mugDetails.documentBottomMarginMm,
    })
    .from(articles)
    .innerJoin(mugDetails, eq(mugDetails.articleId, articles.id))
    .where(and(eq(articles.id, mugId), eq(articles.type, "MUG"), eq(articles.active, true)));
  if (!row) throw new ApiError(404, "errors.invalidMugId");
  return row;
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

/** Rendering costs CPU: each client address may ask for PDF_PER_HOUR print files an hour. */
async function enforcePdfRateLimit(clientIp: string): Promise<void> {
  const r = await consume({ key: `pdf:client:${clientIp}`, limit: env().PDF_PER_HOUR, windowSeconds: 3600 });
  if (!r.allowed) throw new ApiError(429, "errors.rateLimitPdf", undefined, { retryAfter: r.retryAfter });
}
