import { coverFit } from "./print-fit";

/**
 * Pure: where the print sits on a mug's cylinder, with the numbers the print PDF uses. The PDF centres the
 * template on the document and the document wraps the mug from the handle round to the handle, so the print's
 * centre faces away from the handle and the handle stands at the document's seam, half a turn from that centre.
 *
 * Angles are in radians around the mug's axis, 0 at the print's centre, growing towards the print's right edge
 * (counter-clockwise seen from above); a point at angle θ on radius r lies at x = r·sin θ, z = r·cos θ (y up).
 * Heights are in mm above the mug's bottom.
 */
export interface MugWrapInput {
  diameterMm: number;
  heightMm: number;
  printTemplateWidthMm: number;
  printTemplateHeightMm: number;
  documentBottomMarginMm: number;
}

export interface MugWrap {
  radiusMm: number;
  heightMm: number;
  templateWidthMm: number;
  templateHeightMm: number;
  /** The print's left and right edge. */
  startAngle: number;
  endAngle: number;
  /** The print's lower and upper edge. */
  bottomMm: number;
  topMm: number;
  handleAngle: number;
}

const TAU = Math.PI * 2;

export function mugWrap(m: MugWrapInput): MugWrap {
  const radiusMm = m.diameterMm > 0 ? m.diameterMm / 2 : 0.5;
  const heightMm = m.heightMm > 0 ? m.heightMm : 1;
  const templateWidthMm = Math.max(0, m.printTemplateWidthMm);
  const templateHeightMm = Math.max(0, m.printTemplateHeightMm);
  // A template longer than the circumference cannot lie flat: it is shown squeezed onto one full turn.
  const half = Math.min(Math.PI, templateWidthMm / 2 / radiusMm);
  // Like the 2-D preview: the print keeps on the body, the margin counts from the bottom as on the document.
  const printHeight = Math.min(heightMm, templateHeightMm);
  const bottomMm = Math.min(Math.max(0, m.documentBottomMarginMm), heightMm - printHeight);
  return {
    radiusMm,
    heightMm,
    templateWidthMm,
    templateHeightMm,
    startAngle: -half,
    endAngle: half,
    bottomMm,
    topMm: bottomMm + printHeight,
    handleAngle: Math.PI,
  };
}

/** A point on the cylinder of radius `r` at angle `theta` and height `y`. */
export function onCylinder(r: number, theta: number, y: number): [number, number, number] {
  return [r * Math.sin(theta), y, r * Math.cos(theta)];
}

/** The template's x (mm from its left edge) printed at angle `theta`, or null where the mug is bare. */
export function templateXAt(wrap: MugWrap, theta: number): number | null {
  const span = wrap.endAngle - wrap.startAngle;
  const a = (((theta - wrap.startAngle) % TAU) + TAU) % TAU;
  if (span <= 0 || a > span + 1e-9) return null;
  return (Math.min(a, span) / span) * wrap.templateWidthMm;
}

/** The part of the image the print uses, as texture coordinates (v from the image's bottom): the PDF's centred cover crop. */
export interface UvRect {
  u0: number;
  u1: number;
  v0: number;
  v1: number;
}

export function printCropUv(imageWidth: number, imageHeight: number, templateWidthMm: number, templateHeightMm: number): UvRect {
  if (!(imageWidth > 0 && imageHeight > 0 && templateWidthMm > 0 && templateHeightMm > 0)) return { u0: 0, u1: 1, v0: 0, v1: 1 };
  const { cropW, cropH } = coverFit(imageWidth, imageHeight, templateWidthMm, templateHeightMm);
  // The same whole-pixel offsets as the print rendition's extract().
  const left = Math.floor((imageWidth - cropW) / 2);
  const top = Math.floor((imageHeight - cropH) / 2);
  return { u0: left / imageWidth, u1: (left + cropW) / imageWidth, v0: 1 - (top + cropH) / imageHeight, v1: 1 - top / imageHeight };
}

export interface Band {
  /** x, y, z per vertex, in mm. */
  positions: Float32Array;
  /** Outward unit normals. */
  normals: Float32Array;
  /** u from the template's left (0) to right (1) edge, v from its bottom (0) to top (1). */
  uvs: Float32Array;
  indices: Uint16Array;
}

/** The print as a strip of the cylinder: `segments` columns, two rows, at `radius` (a hair outside the body, so it never fights it for depth). */
export function printBand(wrap: MugWrap, segments: number, radius = wrap.radiusMm): Band {
  const n = Math.max(1, Math.min(1000, Math.floor(segments)));
  const positions = new Float32Array((n + 1) * 2 * 3);
  const normals = new Float32Array((n + 1) * 2 * 3);
  const uvs = new Float32Array((n + 1) * 2 * 2);
  const indices = new Uint16Array(n * 6);
  for (let i = 0; i <= n; i++) {
    const u = i / n;
    const theta = wrap.startAngle + (wrap.endAngle - wrap.startAngle) * u;
    for (let row = 0; row < 2; row++) {
      const k = i * 2 + row;
      const y = row === 0 ? wrap.bottomMm : wrap.topMm;
      positions.set(onCylinder(radius, theta, y), k * 3);
      normals.set(onCylinder(1, theta, 0), k * 3);
      uvs.set([u, row], k * 2);
    }
  }
  for (let i = 0; i < n; i++) {
    const a = i * 2;
    // Counter-clockwise seen from outside: the band's front faces outwards.
    indices.set([a, a + 2, a + 1, a + 1, a + 2, a + 3], i * 6);
  }
  return { positions, normals, uvs, indices };
}

/**
 * The handle's shape, for the look only (the template knows no handle size): a loop from 28 % to 82 % of the
 * height, reaching out a good third of the diameter, as the 2-D preview draws it.
 */
export interface HandleShape {
  angle: number;
  centreYMm: number;
  /** Half the loop's height (to the tube's centre line) and how far its centre line reaches out from the wall. */
  halfHeightMm: number;
  reachMm: number;
  tubeRadiusMm: number;
}

export function handleShape(wrap: MugWrap): HandleShape {
  const low = wrap.heightMm * 0.28;
  const high = wrap.heightMm * 0.82;
  const diameter = wrap.radiusMm * 2;
  return {
    angle: wrap.handleAngle,
    centreYMm: (low + high) / 2,
    halfHeightMm: (high - low) / 2,
    reachMm: diameter * 0.34,
    tubeRadiusMm: diameter * 0.05,
  };
}

/** The body's outer and inner outline as (radius, height) pairs from the axis, for turning into a solid; mm. */
export function bodyProfile(wrap: MugWrap): { outside: [number, number][]; inside: [number, number][] } {
  const r = wrap.radiusMm;
  const h = wrap.heightMm;
  const wall = Math.min(r * 0.1, 4);
  const floor = Math.min(h * 0.08, 7);
  const round = Math.min(wall, 2.5);
  const inner = r - wall;
  return {
    // Up from the middle of the foot, round the foot's edge, up the wall, over the rim.
    outside: [
      [0, 0],
      [r - round, 0],
      [r - round * 0.3, round * 0.3],
      [r, round],
      [r, h - wall / 2],
      [r - wall * 0.15, h - wall * 0.1],
      [r - wall / 2, h],
      [inner + wall * 0.15, h - wall * 0.1],
      [inner, h - wall / 2],
    ],
    // Down the inner wall and across the floor to the axis.
    inside: [
      [inner, h - wall / 2],
      [inner, floor + round],
      [inner - round * 0.7, floor + round * 0.3],
      [inner - round, floor],
      [0, floor],
    ],
  };
}
