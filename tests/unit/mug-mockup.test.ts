import { describe, expect, it } from "vitest";
import { MOCKUP_SIZE, mockupScene, projectPrintPoint, bodyPointAt, handleAt, type MockupMug } from "@/lib/domain/mug-mockup";
import { mockupWorkerCounts, renderMockups } from "@/lib/integrations/images/mockup";
import { expectMockupView, quadrantDesign, rawPixels } from "../helpers/mockups";

const MUG: MockupMug = { diameterMm: 82, heightMm: 95, printTemplateWidthMm: 200, printTemplateHeightMm: 75, documentBottomMarginMm: 15 };

describe("mockup geometry", () => {
  it("projects template points back to the same template point (front and both sides)", () => {
    for (const view of ["front", "left", "right"] as const) {
      const scene = mockupScene(MUG, view);
      for (const [u, v] of [
        [0.3, 0.2],
        [0.5, 0.5],
        [0.7, 0.9],
        [0.05, 0.6],
        [0.95, 0.1],
      ] as const) {
        const at = projectPrintPoint(scene, u, v);
        if (!at) continue;
        const back = bodyPointAt(scene, at.x, at.y);
        expect(back?.print?.u).toBeCloseTo(u, 6);
        expect(back?.print?.v).toBeCloseTo(v, 6);
      }
    }
  });

  it("faces the template's centre to the front and its ends to the handle; each side view shows the half beside it", () => {
    const front = mockupScene(MUG, "front");
    expect(projectPrintPoint(front, 0.5, 0.5)?.x).toBeCloseTo(front.cx, 6);
    expect(front.handle).toBeNull();
    const left = mockupScene(MUG, "left");
    expect(left.handle?.side).toBe(1);
    expect(projectPrintPoint(left, 0.75, 0.5)).not.toBeNull();
    expect(projectPrintPoint(left, 0.25, 0.5)).toBeNull();
    const right = mockupScene(MUG, "right");
    expect(right.handle?.side).toBe(-1);
    expect(projectPrintPoint(right, 0.25, 0.5)).not.toBeNull();
    expect(projectPrintPoint(right, 0.75, 0.5)).toBeNull();
    // The template's far end sits next to the handle on the side it shows.
    const nearHandle = projectPrintPoint(left, 0.99, 0.5);
    expect(nearHandle && nearHandle.x > left.cx + left.r * 0.7).toBe(true);
    const mid = { x: left.cx + left.r + left.r * 0.3, y: (left.handle?.hy ?? 0) - (left.handle?.ry ?? 0) + 1 };
    expect(handleAt(left, mid.x, mid.y + (left.handle?.thickness ?? 0) / 2)).not.toBeNull();
  });

  it("keeps the print within the body: a template as high as the mug and any bottom margin", () => {
    const scene = mockupScene({ ...MUG, printTemplateHeightMm: 200, documentBottomMarginMm: 40 }, "front");
    expect(scene.printHeightMm).toBe(95);
    expect(scene.printBottomMm).toBe(0);
  });
});

describe("rendered mockups (worker thread, sharp)", () => {
  for (const colours of [
    { name: "white", outside: "#ffffff", inside: "#ffffff" },
    { name: "black with a red inside", outside: "#1a1a1a", inside: "#c62828" },
  ]) {
    it(`${colours.name}: the design's colours where the geometry puts them, the variant's colours elsewhere, on both sides of the handle`, async () => {
      const before = mockupWorkerCounts().worker;
      const images = await renderMockups({
        design: await quadrantDesign(MUG),
        mug: MUG,
        outsideColor: colours.outside,
        insideColor: colours.inside,
      });
      expect(mockupWorkerCounts().worker).toBe(before + 1);

      const front = await rawPixels(images.front);
      expect(front.width).toBe(MOCKUP_SIZE);
      expect(expectMockupView(front, MUG, "front", colours)).toEqual({ seenLeftHalf: true, seenRightHalf: true });
      // Left of the handle: the template's right half; right of the handle: its left half.
      expect(expectMockupView(await rawPixels(images.left), MUG, "left", colours)).toEqual({ seenLeftHalf: false, seenRightHalf: true });
      expect(expectMockupView(await rawPixels(images.right), MUG, "right", colours)).toEqual({ seenLeftHalf: true, seenRightHalf: false });
    });
  }

  it("a file that is not an image fails the job with a message (the caller records it)", async () => {
    await expect(
      renderMockups({ design: Buffer.from("not a picture"), mug: MUG, outsideColor: "#fff", insideColor: "#fff" }),
    ).rejects.toThrow(/Mockup worker: Input buffer/);
  });
});
