import type { HandleShape, MugWrap } from "@/lib/domain/mug-wrap";

/** Pure numbers of the 3-D view: how the camera frames the mug and how a drag or a button turns it. */

/** The camera looks down on the mug at this angle (radians), so the rim and the inside colour show. */
export const VIEW_ELEVATION = (14 * Math.PI) / 180;
/** One press of a turn button. */
export const TURN_STEP = Math.PI / 4;
/** A drag across the whole view turns the mug half way round. */
export const DRAG_TURN_PER_WIDTH = Math.PI;
export const TURN_ANIMATION_MS = 320;

const MARGIN = 1.02;

/** The handle's reach counts on both sides, so turning never moves the mug off centre; `fovDeg` is vertical. */
export function cameraFit(wrap: MugWrap, handle: HandleShape, fovDeg: number, aspect: number): { distance: number; centreY: number } {
  const halfFov = Math.tan((fovDeg * Math.PI) / 360);
  const r = wrap.radiusMm;
  const halfWidth = r + handle.reachMm + handle.tubeRadiusMm;
  // Seen from above, the rim's ellipse adds to the body's height.
  const halfHeight = (wrap.heightMm * Math.cos(VIEW_ELEVATION) + 2 * r * Math.sin(VIEW_ELEVATION)) / 2;
  // The rim and the foot's front edge are up to a radius nearer than the axis; the handle, turned to a side, is level with it.
  const byHeight = halfHeight / halfFov + r;
  const byWidth = halfWidth / (halfFov * (aspect > 0 ? aspect : 1));
  return { distance: Math.max(byHeight, byWidth) * MARGIN, centreY: wrap.heightMm / 2 };
}

export function dragTurn(startTurn: number, dxPx: number, widthPx: number): number {
  return startTurn + (widthPx > 0 ? (dxPx / widthPx) * DRAG_TURN_PER_WIDTH : 0);
}

/** Smooth start and stop; `t` from 0 to 1. */
export function easeTurn(from: number, to: number, t: number): number {
  const k = Math.min(1, Math.max(0, t));
  const eased = k < 0.5 ? 4 * k * k * k : 1 - (-2 * k + 2) ** 3 / 2;
  return from + (to - from) * eased;
}

/** The same turn within (−π, π]: where "back to the front" starts from, so it never spins more than half way. */
export function normaliseTurn(turn: number): number {
  const tau = Math.PI * 2;
  let t = turn % tau;
  if (t > Math.PI) t -= tau;
  else if (t <= -Math.PI) t += tau;
  return t;
}

/** Whole degrees, 0–359, for a data attribute the tests read. */
export function turnDegrees(turn: number): number {
  const deg = Math.round((turn * 180) / Math.PI) % 360;
  return deg < 0 ? deg + 360 : deg;
}
