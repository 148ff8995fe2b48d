/** 1 inch = 25.4 mm. */
export const MM_PER_INCH = 25.4;

/**
 * How an image of width × height pixels (upright) is cover-fitted into a print area: the centred crop
 * at the area's aspect ratio (nothing distorted) and the effective DPI of that crop at the area's size.
 * Pure: the print PDF (lib/services/print/) and the admin's production sheet compute the same numbers.
 */
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

/** Print files are made for this resolution at the mug's print template size. */
export const PRINT_DPI = 300;

/** Below this resolution at print size a source is flagged as too small (the print PDF's x-print-dpi-ok turns false). */
export const MIN_PRINT_DPI = 150;

/** At or above this resolution a design prints well ("ok"); from MIN_PRINT_DPI up to here it is "low". */
export const GOOD_PRINT_DPI = 200;

export type DpiVerdict = "ok" | "low" | "too_low";

export function dpiVerdict(dpi: number): DpiVerdict {
  if (dpi < MIN_PRINT_DPI) return "too_low";
  return dpi < GOOD_PRINT_DPI ? "low" : "ok";
}

/**
 * The effective DPI of an image of width × height pixels cover-fitted into the print area: the number
 * the print PDF sends as x-print-dpi, from the stored dimensions (stored images are already upright).
 */
export function effectivePrintDpi(width: number, height: number, templateWidthMm: number, templateHeightMm: number): number {
  return coverFit(width, height, templateWidthMm, templateHeightMm).dpi;
}

/** The pixel size of the print image: the template at PRINT_DPI (e.g. 200 × 80 mm → 2362 × 945). */
export function printPixelSize(templateWidthMm: number, templateHeightMm: number): { width: number; height: number } {
  return {
    width: Math.max(1, Math.round((templateWidthMm / MM_PER_INCH) * PRINT_DPI)),
    height: Math.max(1, Math.round((templateHeightMm / MM_PER_INCH) * PRINT_DPI)),
  };
}

export interface PrintPlan {
  /** The centred cover crop of the source, in source pixels. */
  cropW: number;
  cropH: number;
  /** Resolution of the source pixels used (the crop) at template size. */
  sourceDpi: number;
  /** The print image: always the template at PRINT_DPI (a larger source is scaled down, a smaller one up). */
  width: number;
  height: number;
  printDpi: number;
  /** print pixels ÷ source pixels along the width: > 1 means the source is upscaled for print. */
  upscale: number;
}

/**
 * What the print file does with an image of width × height pixels (upright): cover crop, its own
 * resolution at template size, and the 300-DPI print size it is resized to. Pure: the print PDF
 * (lib/services/print/) and the admin's production sheet show the same numbers.
 */
export function printPlan(width: number, height: number, templateWidthMm: number, templateHeightMm: number): PrintPlan {
  const { cropW, cropH, dpi } = coverFit(width, height, templateWidthMm, templateHeightMm);
  const size = printPixelSize(templateWidthMm, templateHeightMm);
  return { cropW, cropH, sourceDpi: dpi, ...size, printDpi: PRINT_DPI, upscale: Math.round((size.width / cropW) * 100) / 100 };
}
