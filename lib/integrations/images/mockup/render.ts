import sharp from "sharp";
import { MAX_INPUT_PIXELS } from "@/lib/integrations/images/intake";
import { coverFit } from "@/lib/domain/print-fit";
import {
  bodyColumnAt,
  bodyLight,
  handleAt,
  handleLight,
  hexColour,
  lit,
  MOCKUP_SIZE,
  MOCKUP_VIEWS,
  mockupScene,
  openingAt,
  openingLight,
  printVAt,
  type MockupMug,
  type MockupScene,
  type MockupView,
} from "@/lib/domain/mug-mockup";

/** No "server-only" here or in its imports: the worker runs without React's server conditions. */

export interface MockupJob {
  design: Uint8Array;
  mug: MockupMug;
  outsideColor: string;
  insideColor: string;
  size?: number;
}

export type MockupImages = Record<MockupView, Uint8Array>;

const SUPERSAMPLE = 1.5;
const JPEG_QUALITY = 86;
const BACKGROUND = 255;
const RIM_LIGHT = { shade: 1, gloss: 0.06 };
const NO_LIGHT = { shade: 1, gloss: 0 };

interface Texture {
  data: Buffer;
  width: number;
  height: number;
}

async function designTexture(bytes: Uint8Array, mug: MockupMug, pxPerMm: number): Promise<Texture> {
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
  const meta = await input().metadata();
  if (!meta.width || !meta.height) throw new Error("mockup: the design has no dimensions");
  const swapped = (meta.orientation ?? 1) >= 5;
  const srcW = swapped ? meta.height : meta.width;
  const srcH = swapped ? meta.width : meta.height;
  const templateW = Math.max(1, mug.printTemplateWidthMm);
  const templateH = Math.max(1, mug.printTemplateHeightMm);
  const { cropW, cropH } = coverFit(srcW, srcH, templateW, templateH);
  const width = Math.max(2, Math.min(4096, Math.round(templateW * pxPerMm)));
  const height = Math.max(2, Math.min(4096, Math.round(templateH * pxPerMm)));
  const { data, info } = await input()
    .rotate()
    .extract({ left: Math.floor((srcW - cropW) / 2), top: Math.floor((srcH - cropH) / 2), width: cropW, height: cropH })
    .flatten({ background: "#ffffff" })
    .resize({ width, height, fit: "fill" })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function shadowAt(s: MockupScene, x: number, y: number): number {
  const ex = (x - s.cx) / (s.r * 1.2);
  const ey = (y - (s.bottom + s.ry * 0.8)) / (s.ry * 1.6);
  const d = ex * ex + ey * ey;
  return d >= 1 ? 0 : 0.16 * (1 - d) * (1 - d);
}

/** A column's angle, light and template place are the same top to bottom, so the inner loop stays cheap. */
function drawView(scene: MockupScene, texture: Texture, outside: readonly number[], inside: readonly number[]): Buffer {
  const n = scene.size;
  const out = new Uint8ClampedArray(n * n * 3);
  const { data, width: tw, height: th } = texture;
  const [or = 0, og = 0, ob = 0] = outside;
  const [ir = 0, ig = 0, ib = 0] = inside;
  for (let px = 0; px < n; px++) {
    const x = px + 0.5;
    const column = bodyColumnAt(scene, x);
    const light = column ? bodyLight(column.alpha) : NO_LIGHT;
    const { shade, gloss } = light;
    const tx = column?.u == null ? 0 : Math.min(tw - 1, Math.max(0, column.u * tw - 0.5));
    const x0 = Math.floor(tx);
    const x1 = Math.min(tw - 1, x0 + 1);
    const fx = tx - x0;
    for (let py = 0; py < n; py++) {
      const y = py + 0.5;
      const i = (py * n + px) * 3;
      const opening = openingAt(scene, x, y);
      if (opening === 2) {
        const k = openingLight(scene, y);
        out[i] = ir * k;
        out[i + 1] = ig * k;
        out[i + 2] = ib * k;
      } else if (opening === 1) {
        out[i] = lit(or, RIM_LIGHT);
        out[i + 1] = lit(og, RIM_LIGHT);
        out[i + 2] = lit(ob, RIM_LIGHT);
      } else if (column && y >= column.top && y <= column.bottom) {
        const v = printVAt(scene, column, y);
        let r = or;
        let g = og;
        let b = ob;
        if (v !== null) {
          const ty = Math.min(th - 1, Math.max(0, v * th - 0.5));
          const y0 = Math.floor(ty);
          const fy = ty - y0;
          const row0 = y0 * tw;
          const row1 = Math.min(th - 1, y0 + 1) * tw;
          const w00 = (1 - fx) * (1 - fy);
          const w01 = fx * (1 - fy);
          const w10 = (1 - fx) * fy;
          const w11 = fx * fy;
          const a = (row0 + x0) * 3;
          const bb = (row0 + x1) * 3;
          const c = (row1 + x0) * 3;
          const d = (row1 + x1) * 3;
          r = (data[a] ?? 0) * w00 + (data[bb] ?? 0) * w01 + (data[c] ?? 0) * w10 + (data[d] ?? 0) * w11;
          g = (data[a + 1] ?? 0) * w00 + (data[bb + 1] ?? 0) * w01 + (data[c + 1] ?? 0) * w10 + (data[d + 1] ?? 0) * w11;
          b = (data[a + 2] ?? 0) * w00 + (data[bb + 2] ?? 0) * w01 + (data[c + 2] ?? 0) * w10 + (data[d + 2] ?? 0) * w11;
        }
        out[i] = r * shade + (255 - r * shade) * gloss;
        out[i + 1] = g * shade + (255 - g * shade) * gloss;
        out[i + 2] = b * shade + (255 - b * shade) * gloss;
      } else {
        const band = handleAt(scene, x, y);
        if (band !== null) {
          const hl = handleLight(band);
          out[i] = lit(or, hl);
          out[i + 1] = lit(og, hl);
          out[i + 2] = lit(ob, hl);
        } else {
          const bg = BACKGROUND * (1 - shadowAt(scene, x, y));
          out[i] = bg;
          out[i + 1] = bg;
          out[i + 2] = bg;
        }
      }
    }
  }
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

export async function renderMockupsInThread(job: MockupJob): Promise<MockupImages> {
  const size = job.size ?? MOCKUP_SIZE;
  const big = size * SUPERSAMPLE;
  const scenes = MOCKUP_VIEWS.map((view) => mockupScene(job.mug, view, big));
  const texture = await designTexture(job.design, job.mug, (scenes[0]?.scale ?? 1) * 1.1);
  const outside = hexColour(job.outsideColor);
  const inside = hexColour(job.insideColor);
  const images = await Promise.all(
    scenes.map(async (scene) => {
      const raw = drawView(scene, texture, outside, inside);
      const jpeg = await sharp(raw, { raw: { width: big, height: big, channels: 3 } })
        .resize({ width: size, height: size, kernel: "lanczos3" })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
        .toBuffer();
      return [scene.view, new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength)] as const;
    }),
  );
  return Object.fromEntries(images) as MockupImages;
}
