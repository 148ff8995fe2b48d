export const MOCKUP_VIEWS = ["front", "left", "right"] as const;
export type MockupView = (typeof MOCKUP_VIEWS)[number];

export const MOCKUP_SIZE = 600;

export interface MockupMug {
  diameterMm: number;
  heightMm: number;
  printTemplateWidthMm: number;
  printTemplateHeightMm: number;
  documentBottomMarginMm: number;
}

export interface MockupScene {
  size: number;
  view: MockupView;
  scale: number;
  cx: number;
  r: number;
  ry: number;
  top: number;
  bottom: number;
  rimWidth: number;
  radiusMm: number;
  printBottomMm: number;
  printHeightMm: number;
  templateWidthMm: number;
  yaw: number;
  handle: { side: -1 | 1; hx: number; hy: number; rx: number; ry: number; thickness: number } | null;
}

const TILT = 0.2;
const HANDLE_REACH = 0.36;
const HANDLE_THICKNESS = 0.09;
const MARGIN = 0.06;

const YAW: Record<MockupView, number> = { front: Math.PI, left: -Math.PI / 2, right: Math.PI / 2 };

const positive = (v: number, fallback: number) => (Number.isFinite(v) && v > 0 ? v : fallback);

export function mockupScene(mug: MockupMug, view: MockupView, size = MOCKUP_SIZE): MockupScene {
  const diameter = positive(mug.diameterMm, 80);
  const height = positive(mug.heightMm, 95);
  // Every view of a mug shares one scale: a side view moves the body away from its handle.
  const usable = size * (1 - 2 * MARGIN);
  const scale = Math.min(usable / (diameter * (1 + HANDLE_REACH)), usable / (height + diameter * TILT));
  const r = (diameter / 2) * scale;
  const ry = r * TILT;
  const bodyHeight = height * scale;
  const top = (size - bodyHeight) / 2;
  const bottom = top + bodyHeight;
  const printHeightMm = Math.min(height, Math.max(0, mug.printTemplateHeightMm));
  const printBottomMm = Math.min(Math.max(0, mug.documentBottomMarginMm), height - printHeightMm);
  const side = view === "left" ? 1 : view === "right" ? -1 : 0;
  const cx = size / 2 - (side * diameter * HANDLE_REACH * scale) / 2;
  const thickness = diameter * HANDLE_THICKNESS * scale;
  const span = bodyHeight * 0.56;
  return {
    size,
    view,
    scale,
    cx,
    r,
    ry,
    top,
    bottom,
    rimWidth: Math.max(1.5, r * 0.045),
    radiusMm: diameter / 2,
    printBottomMm,
    printHeightMm,
    templateWidthMm: Math.max(0, mug.printTemplateWidthMm),
    yaw: YAW[view],
    handle:
      side === 0
        ? null
        : {
            side: side as -1 | 1,
            hx: cx + side * r * 0.9,
            hy: top + bodyHeight * 0.46,
            rx: diameter * HANDLE_REACH * scale + r * 0.1,
            ry: span / 2,
            thickness,
          },
  };
}

function wrap(a: number): number {
  let x = a % (2 * Math.PI);
  if (x <= -Math.PI) x += 2 * Math.PI;
  if (x > Math.PI) x -= 2 * Math.PI;
  return x;
}

export interface BodyColumn {
  alpha: number;
  top: number;
  bottom: number;
  u: number | null;
}

export function bodyColumnAt(scene: MockupScene, x: number): BodyColumn | null {
  const dx = (x - scene.cx) / scene.r;
  if (dx <= -1 || dx >= 1) return null;
  const alpha = Math.asin(dx);
  const c = Math.cos(alpha);
  const uMm = scene.templateWidthMm / 2 + scene.radiusMm * wrap(alpha + scene.yaw - Math.PI);
  const onPrint = uMm >= 0 && uMm <= scene.templateWidthMm && scene.templateWidthMm > 0;
  return { alpha, top: scene.top + scene.ry * c, bottom: scene.bottom + scene.ry * c, u: onPrint ? uMm / scene.templateWidthMm : null };
}

export function printVAt(scene: MockupScene, column: BodyColumn, y: number): number | null {
  if (column.u === null || scene.printHeightMm === 0) return null;
  const vMm = scene.printBottomMm + scene.printHeightMm - (column.bottom - y) / scene.scale;
  return vMm < 0 || vMm > scene.printHeightMm ? null : vMm / scene.printHeightMm;
}

export function bodyPointAt(scene: MockupScene, x: number, y: number): { alpha: number; print: { u: number; v: number } | null } | null {
  const column = bodyColumnAt(scene, x);
  if (!column || y < column.top || y > column.bottom) return null;
  const v = printVAt(scene, column, y);
  return { alpha: column.alpha, print: column.u === null || v === null ? null : { u: column.u, v } };
}

export function projectPrintPoint(scene: MockupScene, u: number, v: number): { x: number; y: number } | null {
  const alpha = wrap(((u - 0.5) * scene.templateWidthMm) / scene.radiusMm + Math.PI - scene.yaw);
  if (Math.abs(alpha) >= Math.PI / 2) return null;
  const hMm = scene.printBottomMm + scene.printHeightMm * (1 - v);
  return { x: scene.cx + scene.r * Math.sin(alpha), y: scene.bottom + scene.ry * Math.cos(alpha) - hMm * scene.scale };
}

export function openingAt(scene: MockupScene, x: number, y: number): 0 | 1 | 2 {
  const ex = (x - scene.cx) / scene.r;
  const ey = (y - scene.top) / scene.ry;
  if (ex * ex + ey * ey > 1) return 0;
  const ir = scene.r - scene.rimWidth;
  const iry = scene.ry - scene.rimWidth * TILT * 1.5;
  const ix = (x - scene.cx) / ir;
  const iy = (y - scene.top) / iry;
  return ix * ix + iy * iy > 1 ? 1 : 2;
}

export function handleAt(scene: MockupScene, x: number, y: number): number | null {
  const h = scene.handle;
  if (!h || (x - h.hx) * h.side <= 0) return null;
  const outer = ((x - h.hx) / h.rx) ** 2 + ((y - h.hy) / h.ry) ** 2;
  if (outer > 1) return null;
  const inner = ((x - h.hx) / (h.rx - h.thickness)) ** 2 + ((y - h.hy) / (h.ry - h.thickness)) ** 2;
  if (inner < 1) return null;
  const rho = Math.sqrt(outer);
  const rhoInner = rho / Math.sqrt(inner);
  return rhoInner >= 1 ? 1 : Math.min(1, Math.max(0, (rho - rhoInner) / (1 - rhoInner)));
}

export function handleMidpoint(scene: MockupScene): { x: number; y: number } | null {
  const h = scene.handle;
  return h ? { x: h.hx + h.side * (h.rx - h.thickness / 2), y: h.hy } : null;
}

const LIGHT = -0.45;

export function bodyLight(alpha: number): { shade: number; gloss: number } {
  const facing = Math.max(0, Math.cos(alpha - LIGHT));
  return { shade: 0.4 + 0.62 * facing, gloss: 0.28 * Math.pow(Math.max(0, Math.cos(alpha - LIGHT / 2)), 60) };
}

export function handleLight(n: number): { shade: number; gloss: number } {
  const facing = Math.sin(Math.PI * Math.min(1, Math.max(0, n)));
  return { shade: 0.58 + 0.42 * facing, gloss: 0.18 * Math.pow(facing, 24) };
}

export function openingLight(scene: MockupScene, y: number): number {
  const t = Math.min(1, Math.max(0, (y - (scene.top - scene.ry)) / (2 * scene.ry)));
  return 0.95 - 0.4 * t;
}

export function lit(channel: number, light: { shade: number; gloss: number }): number {
  const v = channel * light.shade + (255 - channel * light.shade) * light.gloss;
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

export function hexColour(value: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m?.[1]) return [255, 255, 255];
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}
