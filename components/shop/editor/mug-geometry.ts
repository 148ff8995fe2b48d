export interface MugDimensions {
  diameterMm: number;
  heightMm: number;
  printTemplateWidthMm: number;
  printTemplateHeightMm: number;
  documentBottomMarginMm: number;
}

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A variant's colour code as CSS and WebGL take it, else the fallback: the codes come from the back office. */
export const safeColour = (value: string, fallback: string) => (COLOUR.test(value) ? value : fallback);

export interface PrintSlice {
  x0: number;
  x1: number;
  /** Vertical shift of the print at the slice edges (nearer points appear lower from above). */
  dy0: number;
  dy1: number;
  scaleX: number;
  templateX0: number;
  /** SVG matrix from template to screen: compressed and sheared so the print follows the rim's curve. */
  matrix: [number, number, number, number, number, number];
}

export interface MugGeometry {
  width: number;
  height: number;
  cx: number;
  r: number;
  ry: number;
  top: number;
  bottom: number;
  /** The print area on the plane (before the per-slice shift) and the whole template in SVG units. */
  printTop: number;
  printHeight: number;
  templateWidth: number;
  slices: PrintSlice[];
  /** The print area on the body: top edge along the curve, down its right side, bottom edge back, closed. */
  printOutline: string;
  handle: { outer: number; yTop: number; yBottom: number; thickness: number };
}

const BODY_WIDTH = 200;
const MARGIN = 14;
const TILT = 0.2;

export function mugGeometry(m: MugDimensions, sliceCount = 64): MugGeometry {
  const diameter = m.diameterMm > 0 ? m.diameterMm : 1;
  const s = BODY_WIDTH / diameter;
  const r = BODY_WIDTH / 2;
  const ry = r * TILT;
  const bodyHeight = Math.max(1, m.heightMm * s);
  const handleOut = BODY_WIDTH * 0.36;
  const cx = MARGIN + r;
  const top = MARGIN + ry;
  const bottom = top + bodyHeight;

  const printHeight = Math.min(bodyHeight, Math.max(0, m.printTemplateHeightMm * s));
  const bottomMargin = Math.min(Math.max(0, m.documentBottomMarginMm * s), bodyHeight - printHeight);
  const printTop = bottom - bottomMargin - printHeight;
  const templateWidth = Math.max(0, m.printTemplateWidthMm * s);

  // The print's centre faces the viewer; its half width as an angle, at most a quarter turn.
  const maxAngle = Math.min(Math.PI / 2, templateWidth / 2 / r);
  const slices: PrintSlice[] = [];
  for (let i = 0; i < sliceCount && maxAngle > 0; i++) {
    const a0 = -maxAngle + (2 * maxAngle * i) / sliceCount;
    const a1 = -maxAngle + (2 * maxAngle * (i + 1)) / sliceCount;
    const x0 = cx + r * Math.sin(a0);
    const x1 = cx + r * Math.sin(a1);
    const dy0 = ry * Math.cos(a0);
    const dy1 = ry * Math.cos(a1);
    const scaleX = (x1 - x0) / (r * (a1 - a0));
    const templateX0 = templateWidth / 2 + r * a0;
    const shear = x1 > x0 ? ((dy1 - dy0) / (x1 - x0)) * scaleX : 0;
    slices.push({
      x0,
      x1,
      dy0,
      dy1,
      scaleX,
      templateX0,
      matrix: [scaleX, shear, 0, 1, x0 - scaleX * templateX0, printTop + dy0 - shear * templateX0],
    });
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  const upper = slices.map((sl, i) => `${i === 0 ? "M" : "L"} ${round(sl.x0)} ${round(printTop + sl.dy0)}`);
  const last = slices.at(-1);
  const lower = [...slices].reverse().map((sl) => `L ${round(sl.x0)} ${round(printTop + printHeight + sl.dy0)}`);
  const printOutline = last
    ? [
        ...upper,
        `L ${round(last.x1)} ${round(printTop + last.dy1)}`,
        `L ${round(last.x1)} ${round(printTop + printHeight + last.dy1)}`,
        ...lower,
        "Z",
      ].join(" ")
    : "";

  return {
    width: MARGIN * 2 + BODY_WIDTH + handleOut,
    height: bottom + ry + MARGIN,
    cx,
    r,
    ry,
    top,
    bottom,
    printTop,
    printHeight,
    templateWidth,
    slices,
    printOutline,
    handle: {
      outer: cx + r + handleOut - 8,
      yTop: top + bodyHeight * 0.18,
      yBottom: top + bodyHeight * 0.72,
      thickness: BODY_WIDTH * 0.085,
    },
  };
}
