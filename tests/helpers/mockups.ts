import sharp from "sharp";
import { expect } from "vitest";
import {
  bodyLight,
  handleLight,
  handleMidpoint,
  hexColour,
  lit,
  mockupScene,
  openingLight,
  projectPrintPoint,
  type MockupMug,
  type MockupView,
} from "@/lib/domain/mug-mockup";

export const QUADRANTS = { topLeft: "#e53935", topRight: "#1e88e5", bottomLeft: "#43a047", bottomRight: "#fdd835" } as const;

export function quadrantColour(u: number, v: number): string {
  if (v < 0.5) return u < 0.5 ? QUADRANTS.topLeft : QUADRANTS.topRight;
  return u < 0.5 ? QUADRANTS.bottomLeft : QUADRANTS.bottomRight;
}

export async function quadrantDesign(
  mug: Pick<MockupMug, "printTemplateWidthMm" | "printTemplateHeightMm">,
  width = 1000,
): Promise<Buffer> {
  const height = Math.round((width * mug.printTemplateHeightMm) / mug.printTemplateWidthMm);
  const w2 = Math.floor(width / 2);
  const h2 = Math.floor(height / 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${w2}" height="${h2}" fill="${QUADRANTS.topLeft}"/><rect x="${w2}" width="${width - w2}" height="${h2}" fill="${QUADRANTS.topRight}"/>
    <rect y="${h2}" width="${w2}" height="${height - h2}" fill="${QUADRANTS.bottomLeft}"/><rect x="${w2}" y="${h2}" width="${width - w2}" height="${height - h2}" fill="${QUADRANTS.bottomRight}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface Raw {
  data: Buffer;
  width: number;
}

export async function rawPixels(jpeg: Uint8Array): Promise<Raw> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

export function pixel(raw: Raw, x: number, y: number): number[] {
  const i = (Math.floor(y) * raw.width + Math.floor(x)) * 3;
  return [raw.data[i] ?? -1, raw.data[i + 1] ?? -1, raw.data[i + 2] ?? -1];
}

const TOLERANCE = 18;

function expectNear(actual: number[], expected: number[], what: string): void {
  const off = Math.max(...actual.map((a, i) => Math.abs(a - (expected[i] ?? 0))));
  expect(off, `${what}: got rgb(${actual.join(",")}), expected about rgb(${expected.map(Math.round).join(",")})`).toBeLessThanOrEqual(
    TOLERANCE,
  );
}

export interface Colours {
  outside: string;
  inside: string;
}

export function expectMockupView(
  raw: Raw,
  mug: MockupMug,
  view: MockupView,
  colours: Colours,
): { seenLeftHalf: boolean; seenRightHalf: boolean } {
  const scene = mockupScene(mug, view, raw.width);
  const seen = { seenLeftHalf: false, seenRightHalf: false };
  for (const u of [0.1, 0.25, 0.4, 0.6, 0.75, 0.9]) {
    for (const v of [0.25, 0.75]) {
      const at = projectPrintPoint(scene, u, v);
      if (!at) continue;
      const alpha = Math.asin((Math.floor(at.x) + 0.5 - scene.cx) / scene.r);
      // Close to the silhouette the surface is too compressed to sample one colour.
      if (Math.abs(alpha) > 1.1) continue;
      const expected = hexColour(quadrantColour(u, v)).map((c) => lit(c, bodyLight(alpha)));
      expectNear(pixel(raw, at.x, at.y), expected, `${view} view, template point (${u}, ${v})`);
      if (u < 0.5) seen.seenLeftHalf = true;
      else seen.seenRightHalf = true;
    }
  }
  const belowPrint = scene.bottom + scene.ry - (scene.printBottomMm / 2) * scene.scale;
  expectNear(
    pixel(raw, scene.cx, belowPrint),
    hexColour(colours.outside).map((c) => lit(c, bodyLight(0))),
    `${view} view, body below the print`,
  );
  const opening = hexColour(colours.inside).map((c) => c * openingLight(scene, scene.top + 0.5));
  expectNear(pixel(raw, scene.cx, scene.top), opening, `${view} view, opening`);
  const handle = handleMidpoint(scene);
  if (handle)
    expectNear(
      pixel(raw, handle.x, handle.y),
      hexColour(colours.outside).map((c) => lit(c, handleLight(0.5))),
      `${view} view, handle`,
    );
  return seen;
}
