import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { EditorPage } from "./pages/editor-page";
import { CartPage } from "./pages/cart-page";
import { mockupScene } from "@/lib/domain/mug-mockup";

const CLASSIC = { diameterMm: 82, heightMm: 95, printTemplateWidthMm: 200, printTemplateHeightMm: 80, documentBottomMarginMm: 5 };

let dir = "";
let photoPath = "";

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mockups-e2e-"));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1400"><rect width="100%" height="100%" fill="#ffb74d"/>
    <circle cx="1000" cy="700" r="400" fill="#6a1b9a"/></svg>`;
  photoPath = path.join(dir, "photo.jpg");
  await writeFile(photoPath, await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer());
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("the cart shows the design on the mug (its mockup) once it is made", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.goto("/");
  await editor.upload(photoPath);
  await editor.next();
  await editor.chooseStyle("Watercolour");
  await editor.next();
  await editor.chooseMug("Classic Mug 250", "Red inside");
  await editor.next();
  await editor.fillPersonal({ email: `mockup-${Date.now()}@example.com`, firstName: "Mia", lastName: "Mockup" });
  await editor.next();
  await editor.generate();
  await expect(editor.generatedImages().first()).toBeVisible();
  await editor.next();
  await editor.expectPreview();
  await editor.addToCart();
  await expect(page).toHaveURL(/\/cart$/);

  const cart = new CartPage(page);
  await expect(cart.items()).toHaveCount(1);
  // Made after add-to-cart; the cart looks again until it is there.
  const preview = cart.item(0).getByTestId("cart-item-preview");
  await expect(preview).toHaveAttribute("data-mockup", "true", { timeout: 15_000 });
  await expect(preview).toHaveAttribute("src", /\/api\/images\/\d+\/mockups\/\d+\/front\?v=[0-9a-f]{16}&w=96$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  const shot = await sharp(await preview.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (fx: number, fy: number): [number, number, number] => {
    const i = (Math.floor(fy * shot.info.height) * shot.info.width + Math.floor(fx * shot.info.width)) * 3;
    return [shot.data[i] ?? 0, shot.data[i + 1] ?? 0, shot.data[i + 2] ?? 0];
  };
  const scene = mockupScene(CLASSIC, "front");
  const [r, g, b] = at(scene.cx / scene.size, scene.top / scene.size);
  expect(r, `opening rgb(${r},${g},${b})`).toBeGreaterThan(g + 60);
  expect(r).toBeGreaterThan(b + 60);
});
