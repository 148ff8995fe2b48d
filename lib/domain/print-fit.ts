export const MM_PER_INCH = 25.4;

export function coverFit(
  width: number,
  height: number,
  templateWidthMm: number,
  templateHeightMm: number,
): { cropW: number; cropH: number; dpi: number } {
  const aspect = templateWidthMm / templateHeightMm;
  let cropW = width;
  let cropH = Math.round(width / aspect);
  if (cropH > height) {
    cropH = height;
    cropW = Math.round(height * aspect);
  }
  cropW = Math.min(width, Math.max(1, cropW));
  cropH = Math.min(height, Math.max(1, cropH));
  const dpi = Math.round(Math.min(cropW / (templateWidthMm / MM_PER_INCH), cropH / (templateHeightMm / MM_PER_INCH)));
  return { cropW, cropH, dpi };
}

export const PRINT_DPI = 300;

export const MIN_PRINT_DPI = 150;

export const GOOD_PRINT_DPI = 200;

export type DpiVerdict = "ok" | "low" | "too_low";

export function dpiVerdict(dpi: number): DpiVerdict {
  if (dpi < MIN_PRINT_DPI) return "too_low";
  return dpi < GOOD_PRINT_DPI ? "low" : "ok";
}

export function effectivePrintDpi(width: number, height: number, templateWidthMm: number, templateHeightMm: number): number {
  return coverFit(width, height, templateWidthMm, templateHeightMm).dpi;
}

export function printPixelSize(templateWidthMm: number, templateHeightMm: number): { width: number; height: number } {
  return {
    width: Math.max(1, Math.round((templateWidthMm / MM_PER_INCH) * PRINT_DPI)),
    height: Math.max(1, Math.round((templateHeightMm / MM_PER_INCH) * PRINT_DPI)),
  };
}

export interface PrintPlan {
  cropW: number;
  cropH: number;
  sourceDpi: number;
  width: number;
  height: number;
  printDpi: number;
  upscale: number;
}

export function printPlan(width: number, height: number, templateWidthMm: number, templateHeightMm: number): PrintPlan {
  const { cropW, cropH, dpi } = coverFit(width, height, templateWidthMm, templateHeightMm);
  const size = printPixelSize(templateWidthMm, templateHeightMm);
  return { cropW, cropH, sourceDpi: dpi, ...size, printDpi: PRINT_DPI, upscale: Math.round((size.width / cropW) * 100) / 100 };
}
