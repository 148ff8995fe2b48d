import { describe, expect, it } from "vitest";
import { refitArea } from "@/components/shop/editor/refit-crop";

const photo = { width: 3000, height: 2250 };
const centre = (a: { x: number; y: number; width: number; height: number }) => [a.x + a.width / 2, a.y + a.height / 2];

describe("refitArea", () => {
  it("keeps the centre and the share of the photo, in the new shape", () => {
    const area = { x: 1000, y: 800, width: 1000, height: 400 };
    const refit = refitArea(area, 2, photo);
    expect(refit.width / refit.height).toBeCloseTo(2, 6);
    expect(refit.width * refit.height).toBeCloseTo(400_000, 3);
    expect(centre(refit)).toEqual([1500, 1000]);
  });

  it("shrinks an area that no longer fits and moves it inside the photo", () => {
    // The full-width 2.5 : 1 crop of the photo, made 1 : 1: as tall as the photo, centred where it was.
    const refit = refitArea({ x: 0, y: 525, width: 3000, height: 1200 }, 1, photo);
    expect(refit.width).toBeCloseTo(refit.height, 6);
    expect(refit.height).toBeLessThanOrEqual(2250);
    expect(refit.x).toBeGreaterThanOrEqual(0);
    expect(refit.y).toBeGreaterThanOrEqual(0);
    expect(refit.x + refit.width).toBeLessThanOrEqual(3000 + 1e-6);
    expect(refit.y + refit.height).toBeLessThanOrEqual(2250 + 1e-6);
    expect(centre(refit)[0]).toBeCloseTo(1500, 6);

    // A crop at the photo's top edge grows down from it, its horizontal centre kept.
    const top = refitArea({ x: 0, y: 0, width: 1000, height: 400 }, 1, photo);
    expect(top.y).toBe(0);
    expect(top.width).toBeCloseTo(Math.sqrt(400_000), 6);
    expect(centre(top)[0]).toBeCloseTo(500, 6);
  });

  it("a wider shape than the photo becomes the photo's full width", () => {
    const refit = refitArea({ x: 500, y: 500, width: 1500, height: 1500 }, 4, photo);
    expect(refit.width).toBeCloseTo(3000, 6);
    expect(refit.height).toBeCloseTo(750, 6);
    expect(refit.x).toBe(0);
    expect(centre(refit)[1]).toBeCloseTo(1250, 6);
  });
});
