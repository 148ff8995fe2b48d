/** 1 inch = 25.4 mm. */
export const MM_PER_INCH = 25.4;

/**
 * How an image of width × height pixels (upright) is cover-fitted into a print area: the centred crop
 * at the area's aspect ratio (nothing distorted) and the effective DPI of that crop at the area's size.
 * Pure: the print PDF (lib/services/print.ts) and the admin's production sheet compute the same numbers.
 */
export function coverFit(width: number, height: number, templateWidthMm: number, templateHeightMm: number): { cropW: number; cropH: number; dpi: number } {
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
