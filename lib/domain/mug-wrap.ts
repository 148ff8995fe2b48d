import { coverFit } from "./print-fit";

/** Angles in radians, 0 at the print's centre, growing to its right: x = r·sin θ, z = r·cos θ (y up). */
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
  startAngle: number;
  endAngle: number;
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

export function onCylinder(r: number, theta: number, y: number): [number, number, number] {
  return [r * Math.sin(theta), y, r * Math.cos(theta)];
}

export function templateXAt(wrap: MugWrap, theta: number): number | null {
  const span = wrap.endAngle - wrap.startAngle;
  const a = (((theta - wrap.startAngle) % TAU) + TAU) % TAU;
  if (span <= 0 || a > span + 1e-9) return null;
  return (Math.min(a, span) / span) * wrap.templateWidthMm;
}

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
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint16Array;
}

/** The radius is a hair outside the body, so the band never fights it for depth. */
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
    indices.set([a, a + 2, a + 1, a + 1, a + 2, a + 3], i * 6);
  }
  return { positions, normals, uvs, indices };
}

/** For the look only: the template knows no handle size. */
export interface HandleShape {
  angle: number;
  centreYMm: number;
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

export function bodyProfile(wrap: MugWrap): { outside: [number, number][]; inside: [number, number][] } {
  const r = wrap.radiusMm;
  const h = wrap.heightMm;
  const wall = Math.min(r * 0.1, 4);
  const floor = Math.min(h * 0.08, 7);
  const round = Math.min(wall, 2.5);
  const inner = r - wall;
  return {
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
    inside: [
      [inner, h - wall / 2],
      [inner, floor + round],
      [inner - round * 0.7, floor + round * 0.3],
      [inner - round, floor],
      [0, floor],
    ],
  };
}
