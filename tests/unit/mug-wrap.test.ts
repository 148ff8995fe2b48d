import { describe, expect, it } from "vitest";
import { MUG_ARTICLE } from "@/db/seed-data";
import { coverFit } from "@/lib/domain/print-fit";
import { bodyProfile, handleShape, mugWrap, onCylinder, printBand, printCropUv, templateXAt, type MugWrap } from "@/lib/domain/mug-wrap";
import { cameraFit, dragTurn, easeTurn, normaliseTurn, turnDegrees, VIEW_ELEVATION } from "@/components/shop/editor/mug-3d/view";

const SEEDED = MUG_ARTICLE.details;
const wrap = mugWrap(SEEDED);

describe("mugWrap: the print on the cylinder, as the print PDF lays it out", () => {
  it("spans the template's width as arc length, centred on the front, with the handle half a turn away", () => {
    expect(wrap.radiusMm).toBe(41);
    const half = 100 / 41;
    expect(wrap.startAngle).toBeCloseTo(-half, 12);
    expect(wrap.endAngle).toBeCloseTo(half, 12);
    expect((wrap.endAngle - wrap.startAngle) * wrap.radiusMm).toBeCloseTo(200, 9);
    expect(wrap.handleAngle).toBe(Math.PI);
    // The bare strip round the handle: circumference minus the template, centred on the handle.
    const bare = 2 * Math.PI * 41 - 200;
    expect((Math.PI - wrap.endAngle) * 2 * wrap.radiusMm).toBeCloseTo(bare, 9);
  });

  it("puts the print's lower edge at the document's bottom margin and its height at the template's", () => {
    expect(wrap.bottomMm).toBe(5);
    expect(wrap.topMm).toBe(85);
  });

  it("keeps the print on the body: a margin too large moves it down, a template taller than the mug is cut to it", () => {
    const high = mugWrap({ ...SEEDED, documentBottomMarginMm: 30 });
    expect([high.bottomMm, high.topMm]).toEqual([15, 95]);
    const tall = mugWrap({ ...SEEDED, printTemplateHeightMm: 120 });
    expect([tall.bottomMm, tall.topMm]).toEqual([0, 95]);
  });

  it("squeezes a template longer than the circumference onto one full turn", () => {
    const long = mugWrap({ ...SEEDED, printTemplateWidthMm: 400 });
    expect(long.startAngle).toBe(-Math.PI);
    expect(long.endAngle).toBe(Math.PI);
  });

  it("names the template's x at each angle, and none at the handle", () => {
    expect(templateXAt(wrap, 0)).toBeCloseTo(100, 9);
    expect(templateXAt(wrap, wrap.startAngle)).toBeCloseTo(0, 9);
    expect(templateXAt(wrap, wrap.endAngle)).toBeCloseTo(200, 9);
    // 41 mm of arc right of the centre is 1 radian.
    expect(templateXAt(wrap, 1)).toBeCloseTo(141, 9);
    expect(templateXAt(wrap, -1 + 2 * Math.PI)).toBeCloseTo(59, 9);
    expect(templateXAt(wrap, Math.PI)).toBeNull();
    expect(templateXAt(wrap, wrap.endAngle + 0.05)).toBeNull();
  });
});

describe("printBand: the strip of cylinder the image is drawn on", () => {
  const band = printBand(wrap, 8, 41.1);
  const vertex = (k: number) => Array.from(band.positions.slice(k * 3, k * 3 + 3));
  const uv = (k: number) => Array.from(band.uvs.slice(k * 2, k * 2 + 2));

  it("has a column of two vertices (bottom, top) per segment edge, at the given radius", () => {
    expect(band.positions.length).toBe(9 * 2 * 3);
    expect(band.indices.length).toBe(8 * 6);
    for (let k = 0; k < 18; k++) {
      const [x = 0, y, z = 0] = vertex(k);
      expect(Math.hypot(x, z)).toBeCloseTo(41.1, 4);
      expect(y).toBe(k % 2 === 0 ? 5 : 85);
    }
  });

  it("maps the template's left edge, centre and right edge to their angles", () => {
    const at = (theta: number, y: number) => onCylinder(41.1, theta, y).map((v) => Math.fround(v));
    expect(vertex(0)).toEqual(at(wrap.startAngle, 5));
    expect(uv(0)).toEqual([0, 0]);
    expect(vertex(9)[0]).toBeCloseTo(0, 5);
    expect(vertex(9)[2]).toBeCloseTo(41.1, 4);
    expect(uv(9)).toEqual([0.5, 1]);
    expect(vertex(17)).toEqual(at(wrap.endAngle, 85));
    expect(uv(17)).toEqual([1, 1]);
  });

  it("spaces u by arc length, so the image is not stretched towards the sides", () => {
    // Column 2 of 8 lies a quarter of the template (50 mm) from the left edge.
    const [x = 0, , z = 0] = vertex(4);
    const theta = Math.atan2(x, z);
    expect((theta - wrap.startAngle) * 41).toBeCloseTo(50, 3);
    expect(uv(4)[0]).toBe(0.25);
  });

  it("faces outwards: every triangle's winding agrees with its outward normal", () => {
    const v3 = (k: number | undefined) => {
      const [x = 0, y = 0, z = 0] = vertex(k ?? 0);
      return { x, y, z };
    };
    for (let t = 0; t < band.indices.length; t += 3) {
      const [a, b, c] = [v3(band.indices[t]), v3(band.indices[t + 1]), v3(band.indices[t + 2])];
      const e1 = { x: b.x - a.x, y: b.y - a.y, z: b.z - a.z };
      const e2 = { x: c.x - a.x, y: c.y - a.y, z: c.z - a.z };
      const nx = e1.y * e2.z - e1.z * e2.y;
      const nz = e1.x * e2.y - e1.y * e2.x;
      expect(nx * (a.x + b.x + c.x) + nz * (a.z + b.z + c.z)).toBeGreaterThan(0);
    }
  });

  it("has unit outward normals", () => {
    for (let k = 0; k < 18; k++) {
      const [nx = 0, ny, nz = 0] = Array.from(band.normals.slice(k * 3, k * 3 + 3));
      const [x = 0, , z = 0] = vertex(k);
      expect(Math.hypot(nx, nz)).toBeCloseTo(1, 6);
      expect(ny).toBe(0);
      expect(nx * x + nz * z).toBeGreaterThan(0);
    }
  });
});

describe("printCropUv: the part of the image on the mug is the print file's centred crop", () => {
  const printCrop = (w: number, h: number, tw: number, th: number) => {
    const { cropW, cropH } = coverFit(w, h, tw, th);
    return { left: Math.floor((w - cropW) / 2), top: Math.floor((h - cropH) / 2), cropW, cropH };
  };

  it.each([
    [3000, 2250],
    [2048, 819],
    [1024, 1024],
    [801, 2000],
    [5000, 1000],
  ])("an image of %i × %i", (w, h) => {
    const crop = printCrop(w, h, 200, 80);
    const uv = printCropUv(w, h, 200, 80);
    expect(uv.u0 * w).toBeCloseTo(crop.left, 6);
    expect((uv.u1 - uv.u0) * w).toBeCloseTo(crop.cropW, 6);
    // v counts from the image's bottom.
    expect((1 - uv.v1) * h).toBeCloseTo(crop.top, 6);
    expect((uv.v1 - uv.v0) * h).toBeCloseTo(crop.cropH, 6);
    expect(((uv.u1 - uv.u0) * w) / ((uv.v1 - uv.v0) * h)).toBeCloseTo(2.5, 1);
  });

  it("takes the whole image when a size is unknown", () => {
    expect(printCropUv(0, 0, 200, 80)).toEqual({ u0: 0, u1: 1, v0: 0, v1: 1 });
  });
});

describe("the mug's solid parts", () => {
  it("a handle within the body's height, standing at the handle angle", () => {
    const handle = handleShape(wrap);
    expect(handle.angle).toBe(Math.PI);
    expect(handle.centreYMm - handle.halfHeightMm - handle.tubeRadiusMm).toBeGreaterThan(0);
    expect(handle.centreYMm + handle.halfHeightMm + handle.tubeRadiusMm).toBeLessThan(95);
  });

  it("a body from the axis out to the mug's radius and height, and a hollow inside", () => {
    const { outside, inside } = bodyProfile(wrap);
    expect(outside[0]).toEqual([0, 0]);
    expect(Math.max(...outside.map(([r]) => r))).toBe(41);
    expect(Math.max(...outside.map(([, y]) => y))).toBe(95);
    expect(inside.at(-1)?.[0]).toBe(0);
    expect(Math.max(...inside.map(([r]) => r))).toBeLessThan(41);
    expect(inside[0]).toEqual(outside.at(-1));
  });
});

describe("the 3-D view's numbers", () => {
  const handle = handleShape(wrap);
  const fits = (w: MugWrap, aspect: number) => {
    const fov = 26;
    const { distance } = cameraFit(w, handle, fov, aspect);
    const halfFov = Math.tan((fov * Math.PI) / 360);
    const reach = w.radiusMm + handle.reachMm + handle.tubeRadiusMm;
    const wideEnough = distance * halfFov * aspect >= reach;
    const near = distance - w.radiusMm;
    const height = w.heightMm * Math.cos(VIEW_ELEVATION) + 2 * w.radiusMm * Math.sin(VIEW_ELEVATION);
    return wideEnough && near * halfFov * 2 >= height && near * halfFov * aspect >= w.radiusMm;
  };

  it("the camera frames the mug with its handle turned to either side, in wide and tall views", () => {
    expect(fits(wrap, 1)).toBe(true);
    expect(fits(wrap, 0.6)).toBe(true);
    expect(fits(wrap, 2)).toBe(true);
  });

  it("a drag across the whole view turns half way; eased turns start and end where asked", () => {
    expect(dragTurn(0, 300, 300)).toBeCloseTo(Math.PI, 12);
    expect(dragTurn(1, -150, 300)).toBeCloseTo(1 - Math.PI / 2, 12);
    expect(dragTurn(1, 50, 0)).toBe(1);
    expect(easeTurn(0, 2, 0)).toBe(0);
    expect(easeTurn(0, 2, 0.5)).toBeCloseTo(1, 12);
    expect(easeTurn(0, 2, 1)).toBe(2);
    expect(easeTurn(0, 2, 3)).toBe(2);
  });

  it("back to the front by the shorter way, and whole degrees for the page", () => {
    expect(normaliseTurn(0)).toBe(0);
    expect(normaliseTurn((3 * Math.PI) / 2)).toBeCloseTo(-Math.PI / 2, 12);
    expect(normaliseTurn((-5 * Math.PI) / 2)).toBeCloseTo(-Math.PI / 2, 12);
    expect(normaliseTurn(Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(turnDegrees(Math.PI / 4)).toBe(45);
    expect(turnDegrees(-Math.PI / 4)).toBe(315);
    expect(turnDegrees(2 * Math.PI)).toBe(0);
  });
});
