import "server-only";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "@/db/client";
import { articles, mugDetails } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import type { Session } from "@/lib/auth/session";
import { MAX_INPUT_PIXELS } from "@/lib/integrations/images/intake";
import { renderPrintPdf } from "@/lib/integrations/pdf/print-pdf";
import { MIN_PRINT_DPI, PRINT_DPI_HEADER, PRINT_DPI_OK_HEADER, type GeneratePdfBody } from "@/lib/schemas/print";
import { originOf, resolveShopImageUrl } from "./image-url";
import { getViewableImageOrThrow, readImageBytesOrThrow } from "./images";
import { consume } from "./rate-limit";
import { coverFit, MM_PER_INCH } from "@/lib/print-fit";

/** The print image is never embedded finer than this (more pixels would not print better). */
export const MAX_PRINT_DPI = 300;
const JPEG_QUALITY = 92;

export interface PrintPdf {
  pdf: Buffer;
  filename: string;
  /** Effective resolution at print size of the source pixels used (after the cover crop). */
  dpi: number;
  dpiOk: boolean;
}

export interface PrintImage {
  jpeg: Buffer;
  width: number;
  height: number;
  /** Resolution of the source pixels used (the cover crop of the source) at template size. */
  dpi: number;
}

/**
 * The print PDF for a mug and one of the shop's images: the mug's document format with the image
 * cover-fitted into the print template area. `imageUrl` only names an image (`/api/images/{id}` on
 * this shop, see ./image-url.ts): it is never fetched. The caller must be allowed to see the image
 * (catalogue images: anyone; others: owner, admin or the URL's access key), else 404 as for an
 * unknown image.
 */
export async function generatePrintPdf(input: GeneratePdfBody, session: Session | null, requestOrigin: string, clientIp: string): Promise<PrintPdf> {
  const ref = resolveShopImageUrl(input.imageUrl, shopOrigins(requestOrigin));
  if (!ref) throw new ApiError(400, "errors.imageUrlNotAllowed");
  const mug = await getPrintableMugOrThrow(input.mugId);
  const image = await getViewableImageOrThrow(ref.id, session, ref.key);
  // Only requests that will really render count against the limit.
  await enforcePdfRateLimit(clientIp);
  const bytes = await readImageBytesOrThrow(image);

  return renderPrintFile(bytes, { ...mug, label: mug.articleNumber ?? `mug-${mug.id}` });
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

/** The print PDF of an image in a mug's document format: cover-fitted, with its effective DPI. */
export async function renderPrintFile(bytes: Buffer, format: PrintFormat): Promise<PrintPdf> {
  const fitted = await fitPrintImage(bytes, format.templateWidthMm, format.templateHeightMm);
  const pdf = await renderPrintPdf({
    documentWidthMm: format.documentWidthMm,
    documentHeightMm: format.documentHeightMm,
    bottomMarginMm: format.bottomMarginMm,
    templateWidthMm: format.templateWidthMm,
    templateHeightMm: format.templateHeightMm,
    image: fitted.jpeg,
    dpi: fitted.dpi,
    title: `${format.label} print file`,
  });
  const name = [format.label.replace(/[^A-Za-z0-9._-]/g, "_"), format.suffix, "print"].filter(Boolean).join("-");
  return { pdf, filename: `${name}.pdf`, dpi: fitted.dpi, dpiOk: fitted.dpi >= MIN_PRINT_DPI };
}

/** The HTTP answer: the PDF as a download, never cached by shared caches (it may show a private image). */
export function printPdfResponse(result: PrintPdf): Response {
  return new Response(new Uint8Array(result.pdf), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-length": String(result.pdf.length),
      "content-disposition": `attachment; filename="${result.filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      [PRINT_DPI_HEADER]: String(result.dpi),
      [PRINT_DPI_OK_HEADER]: String(result.dpiOk),
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

/**
 * Cover-fits an image to the template's aspect ratio (centred crop, nothing distorted), scales it
 * down to at most 300 DPI at template size (never up) and encodes it as JPEG, white behind any
 * transparency. Runs in sharp's thread pool, off the main thread.
 */
export async function fitPrintImage(bytes: Buffer, templateWidthMm: number, templateHeightMm: number): Promise<PrintImage> {
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
  const meta = await input().metadata();
  if (!meta.width || !meta.height) throw new Error("fitPrintImage: the stored image has no dimensions");
  const swapped = (meta.orientation ?? 1) >= 5;
  const srcW = swapped ? meta.height : meta.width;
  const srcH = swapped ? meta.width : meta.height;

  const { cropW, cropH, dpi } = coverFit(srcW, srcH, templateWidthMm, templateHeightMm);
  const inchesW = templateWidthMm / MM_PER_INCH;
  const inchesH = templateHeightMm / MM_PER_INCH;
  const scale = Math.min(1, (inchesW * MAX_PRINT_DPI) / cropW, (inchesH * MAX_PRINT_DPI) / cropH);
  const width = Math.max(1, Math.round(cropW * scale));
  const height = Math.max(1, Math.round(cropH * scale));

  let pipeline = input()
    .rotate()
    .extract({ left: Math.floor((srcW - cropW) / 2), top: Math.floor((srcH - cropH) / 2), width: cropW, height: cropH });
  if (scale < 1) pipeline = pipeline.resize({ width, height, fit: "fill" });
  const jpeg = await pipeline
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: "4:4:4" })
    .toBuffer();
  return { jpeg, width, height, dpi };
}

/** Rendering costs CPU: each client address may ask for PDF_PER_HOUR print files an hour. */
async function enforcePdfRateLimit(clientIp: string): Promise<void> {
  const r = await consume({ key: `pdf:client:${clientIp}`, limit: env().PDF_PER_HOUR, windowSeconds: 3600 });
  if (!r.allowed) throw new ApiError(429, "errors.rateLimitPdf", undefined, { retryAfter: r.retryAfter });
}
