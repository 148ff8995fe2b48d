import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { images } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { env } from "@/lib/env";
import type { Viewer } from "@/lib/request-context/viewer";
import type { FileData } from "@/lib/request-context/file-data";
import { renderPrintPdf } from "@/lib/integrations/pdf/print-pdf";
import { loadShopName } from "@/lib/services/brand";
import { MIN_PRINT_DPI, PRINT_DPI } from "@/lib/domain/print-fit";
import {
  PRINT_DPI_HEADER,
  PRINT_DPI_OK_HEADER,
  PRINT_EFFECTIVE_DPI_HEADER,
  PRINT_SOURCE_DPI_HEADER,
  PRINT_UPSCALE_HEADER,
  type GeneratePdfBody,
} from "@/lib/schemas/print";
import { getViewableImageOrThrow, readImageBytesOrThrow } from "@/lib/services/images/access";
import { originOf, resolveShopImageUrl } from "@/lib/services/images/shop-url";
import { consume } from "@/lib/services/rate-limit";
import { printReadyImage, type PrintSource } from "./renditions";
import { printableMugOrThrow, type PrintArea } from "./templates";

export interface PrintPdf {
  pdf: Buffer;
  filename: string;
  dpi: number;
  dpiOk: boolean;
  effectiveDpi: number;
  upscale: number;
  reused: boolean;
}

/** `imageUrl` only names an image of this shop: it is never fetched. */
export async function generatePrintPdf(
  input: GeneratePdfBody,
  viewer: Viewer | null,
  requestOrigin: string,
  clientIp: string,
): Promise<PrintPdf> {
  const ref = resolveShopImageUrl(input.imageUrl, shopOrigins(requestOrigin));
  if (!ref) throw new ApiError(400, "errors.imageUrlNotAllowed");
  const mug = await printableMugOrThrow(input.mugId);
  const image = await getViewableImageOrThrow(ref.id, viewer, ref.key);
  // Only requests that will really render count against the limit.
  await enforcePdfRateLimit(clientIp);
  const db = await getDb();
  const [size] = await db.select({ width: images.width, height: images.height }).from(images).where(eq(images.id, image.id));
  if (!size) throw notFound();
  const source: PrintSource = { storageKey: image.storageKey, ...size, read: () => readImageBytesOrThrow(image) };
  return renderPrintFile(source, mug);
}

export function printFileName(area: Pick<PrintArea, "articleId" | "articleNumber">, suffix?: string): string {
  const label = (area.articleNumber ?? `mug-${area.articleId}`).replace(/[^A-Za-z0-9._-]/g, "_");
  return `${[label, suffix, "print"].filter(Boolean).join("-")}.pdf`;
}

export async function renderPrintFile(source: PrintSource, area: PrintArea, suffix?: string): Promise<PrintPdf> {
  const fitted = await printReadyImage(source, area.templateWidthMm, area.templateHeightMm);
  const effectiveDpi = PRINT_DPI;
  const pdf = await renderPrintPdf({
    documentWidthMm: area.documentWidthMm,
    documentHeightMm: area.documentHeightMm,
    bottomMarginMm: area.bottomMarginMm,
    templateWidthMm: area.templateWidthMm,
    templateHeightMm: area.templateHeightMm,
    image: fitted.jpeg,
    dpi: effectiveDpi,
    sourceDpi: fitted.dpi,
    title: `${area.articleNumber ?? `mug-${area.articleId}`} print file`,
    creator: await loadShopName(),
  });
  return {
    pdf,
    filename: printFileName(area, suffix),
    dpi: fitted.dpi,
    dpiOk: fitted.dpi >= MIN_PRINT_DPI,
    effectiveDpi,
    upscale: fitted.upscale,
    reused: fitted.reused,
  };
}

/** Never kept by shared caches: it may show a private image. */
export function printFile(result: PrintPdf): FileData {
  return {
    contentType: "application/pdf",
    body: result.pdf,
    fileName: result.filename,
    cache: "private-no-store",
    headers: {
      [PRINT_DPI_HEADER]: String(result.dpi),
      [PRINT_DPI_OK_HEADER]: String(result.dpiOk),
      [PRINT_SOURCE_DPI_HEADER]: String(result.dpi),
      [PRINT_EFFECTIVE_DPI_HEADER]: String(result.effectiveDpi),
      [PRINT_UPSCALE_HEADER]: String(result.upscale),
    },
  };
}

function shopOrigins(requestOrigin: string): string[] {
  const origins = [requestOrigin];
  const configured = originOf(env().AUTH_URL);
  if (configured) origins.push(configured);
  return origins;
}

async function enforcePdfRateLimit(clientIp: string): Promise<void> {
  const r = await consume({ key: `pdf:client:${clientIp}`, limit: env().PDF_PER_HOUR, windowSeconds: 3600 });
  if (!r.allowed) throw new ApiError(429, "errors.rateLimitPdf", undefined, { retryAfter: r.retryAfter });
}
