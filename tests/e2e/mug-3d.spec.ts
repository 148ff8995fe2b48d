import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Locator, type Page } from "./fixtures";
import { EditorPage } from "./pages/editor-page";

let dir = "";
let photoPath = "";

type Rgb = [number, number, number];

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mug-3d-e2e-"));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="1200">
    <rect width="1250" height="1200" fill="#d32f2f"/><rect x="1250" width="500" height="1200" fill="#fbc02d"/>
    <rect x="1750" width="1250" height="1200" fill="#1565c0"/></svg>`;
  photoPath = path.join(dir, "bands.jpg");
  await writeFile(photoPath, await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer());
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function walkToPreview(page: Page): Promise<EditorPage> {
  const editor = new EditorPage(page);
  await editor.goto("/editor");
  await editor.upload(photoPath);
  await editor.next();
  await editor.chooseStyle("Watercolour");
  await editor.next();
  await editor.chooseMug("Classic Mug 250", "White");
  await editor.next();
  await editor.fillPersonal({ email: uniqueEmail("mug-3d"), firstName: "Dora" });
  await editor.next();
  await editor.generate();
  await editor.next();
  await editor.expectStep("preview");
  return editor;
}

async function designColourAt(page: Page, url: string, xMm: number): Promise<Rgb> {
  const { data, info } = await sharp(await (await page.request.get(url)).body())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const x = Math.min(info.width - 1, Math.floor((xMm / 200) * info.width));
  const i = (Math.floor(info.height / 2) * info.width + x) * info.channels;
  return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
}

const chroma = ([r, g, b]: Rgb) => {
  const sum = r + g + b || 1;
  return [r / sum, g / sum, b / sum];
};
const chromaDistance = (a: Rgb, b: Rgb) => {
  const [ca, cb] = [chroma(a), chroma(b)];
  return Math.hypot((ca[0] ?? 0) - (cb[0] ?? 0), (ca[1] ?? 0) - (cb[1] ?? 0), (ca[2] ?? 0) - (cb[2] ?? 0));
};

async function pixels(canvas: Locator) {
  const png = await canvas.screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (fx: number, fy: number): Rgb => {
    const i = (Math.floor(fy * (info.height - 1)) * info.width + Math.floor(fx * (info.width - 1))) * 3;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
  };
  return { png, at };
}

async function colourFacingViewer(canvas: Locator, candidates: Record<string, Rgb>): Promise<Record<string, number>> {
  const { at } = await pixels(canvas);
  const counts: Record<string, number> = Object.fromEntries(Object.keys(candidates).map((k) => [k, 0]));
  const grey: Rgb = [1, 1, 1];
  for (let fy = 0.2; fy <= 0.85; fy += 0.005) {
    const p = at(0.5, fy);
    const [name, d] = Object.entries(candidates)
      .map(([k, c]) => [k, chromaDistance(p, c)] as const)
      .reduce((best, next) => (next[1] < best[1] ? next : best));
    if (d < 0.08 && d < chromaDistance(p, grey)) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

const dominant = (counts: Record<string, number>) => Object.entries(counts).reduce((best, next) => (next[1] > best[1] ? next : best))[0];

test.describe("the preview step's 3-D mug", () => {
  test("shows the design where the print file puts it, turns by drag and buttons, changes colour in place", async ({ page }) => {
    const scripts = new Set<string>();
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.add(r.url());
    });
    const editor = await walkToPreview(page);
    const url = await editor.expectPreview();
    expect(await editor.previewMode(), "Chromium's SwiftShader gives WebGL 2").toBe("3d");
    const view = editor.mugPreview();
    const canvas = editor.mug3d();
    await expect(canvas).toHaveAttribute("role", "img");
    await expect(canvas).toHaveAttribute("aria-label", "Preview: Classic Mug 250 in White with your image in the Watercolour style");
    await expect(canvas).toHaveAttribute("data-turn", "0");

    const side = (Math.PI / 4) * 41;
    const colours = {
      centre: await designColourAt(page, url, 100),
      left: await designColourAt(page, url, 100 - side),
      right: await designColourAt(page, url, 100 + side),
    };
    expect(chromaDistance(colours.centre, colours.left), "the bands stay apart through the style").toBeGreaterThan(0.1);
    expect(chromaDistance(colours.centre, colours.right)).toBeGreaterThan(0.1);
    expect(chromaDistance(colours.left, colours.right)).toBeGreaterThan(0.1);

    const front = await pixels(canvas);
    const facing = await colourFacingViewer(canvas, colours);
    expect(dominant(facing), JSON.stringify(facing)).toBe("centre");
    expect(facing.centre).toBeGreaterThan(30);

    await page.getByRole("button", { name: "Turn right" }).click();
    await expect(canvas).toHaveAttribute("data-turn", "45");
    await expect.poll(async () => dominant(await colourFacingViewer(canvas, colours))).toBe("left");
    expect((await pixels(canvas)).png.equals(front.png)).toBe(false);

    const box = await canvas.boundingBox();
    if (!box) throw new Error("the canvas has no box");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.75, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width * (0.75 - i * 0.05), y);
    await page.mouse.up();
    await expect(canvas).toHaveAttribute("data-turn", "315");
    await expect.poll(async () => dominant(await colourFacingViewer(canvas, colours))).toBe("right");

    await page.getByRole("button", { name: "Front" }).click();
    await expect(canvas).toHaveAttribute("data-turn", "0");
    await expect.poll(async () => dominant(await colourFacingViewer(canvas, colours))).toBe("centre");

    await canvas.evaluate((el) => ((el as HTMLCanvasElement & { __kept?: boolean }).__kept = true));
    const blackGlaze = async () => {
      const { at } = await pixels(canvas);
      let dark = 0;
      for (let fy = 0; fy <= 1; fy += 0.005) if (Math.max(...at(0.5, fy)) < 70) dark++;
      return dark;
    };
    expect(await blackGlaze()).toBe(0);
    await editor.chooseVariant("Black");
    await expect(view).toHaveAttribute("data-outside-color", "#000000");
    await expect.poll(blackGlaze).toBeGreaterThan(4);
    await editor.chooseVariant("Red inside");
    await expect(view).toHaveAttribute("data-inside-color", "#C62828");
    await expect
      .poll(async () => {
        const { at } = await pixels(canvas);
        let red = 0;
        for (let fy = 0; fy < 0.4; fy += 0.005) {
          const [r, g, b] = at(0.5, fy);
          if (r > 120 && r > 2 * g && r > 2 * b) red++;
        }
        return red;
      })
      .toBeGreaterThan(2);
    await expect(view).toHaveAttribute("data-mode", "3d");
    expect(await canvas.evaluate((el) => (el as HTMLCanvasElement & { __kept?: boolean }).__kept)).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByName("mug-3d-first-frame").length)).toBe(1);
    const bodies = await Promise.all([...scripts].map(async (u) => (await page.request.get(u)).text()));
    expect(bodies.filter((b) => b.includes("THREE.WebGLRenderer"))).toHaveLength(1);
  });

  test("with prefers-reduced-motion the buttons turn the mug in one step each", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const editor = await walkToPreview(page);
    expect(await editor.previewMode()).toBe("3d");
    const canvas = editor.mug3d();
    await page.getByTestId("turn-left").click();
    await expect(canvas).toHaveAttribute("data-turn", "315");
    await page.getByTestId("turn-left").click();
    await expect(canvas).toHaveAttribute("data-turn", "270");
    await page.getByTestId("turn-front").click();
    await expect(canvas).toHaveAttribute("data-turn", "0");
  });

  test("without WebGL the 2-D mug shows, named like the 3-D one, in English and German, and three.js is not fetched", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const walked = await walkToPreview(page);
    await expect.poll(async () => (await walked.saved())?.step).toBe(5);
    const state = await page.context().storageState();
    for (const origin of state.origins)
      for (const item of origin.localStorage)
        if (item.name === "mugshop.editor.v1") item.value = JSON.stringify({ ...JSON.parse(item.value), photo: null, job: null });
    const browser = await playwright.chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-webgl", "--disable-3d-apis"],
    });
    try {
      const context = await browser.newContext({ baseURL, storageState: state });
      const noGl = await context.newPage();
      const scripts = new Set<string>();
      noGl.on("request", (r) => {
        if (r.resourceType() === "script") scripts.add(r.url());
      });
      expect(await noGl.evaluate(() => !!document.createElement("canvas").getContext("webgl2"))).toBe(false);
      const editor = new EditorPage(noGl);
      await editor.goto("/editor");
      await editor.expectStep("preview");
      await editor.expectPreview();
      expect(await editor.previewMode()).toBe("2d");
      const label = "Preview: Classic Mug 250 in White with your image in the Watercolour style";
      await expect(noGl.getByRole("img", { name: label })).toBeVisible();
      await expect(editor.mug2d()).toHaveAttribute("aria-label", label);
      await expect(editor.mug3d()).toHaveAttribute("aria-hidden", "true");
      await expect(noGl.getByTestId("turn-left")).toHaveCount(0);
      await editor.chooseVariant("Black");
      await expect(editor.mug2d()).toHaveAttribute("data-outside-color", "#000000");

      await expect(async () => {
        await noGl.getByTestId("language-switch").first().selectOption("de");
        await expect(noGl.locator("html")).toHaveAttribute("lang", "de", { timeout: 2_000 });
      }).toPass();
      await editor.waitUntilRestored();
      expect(await editor.previewMode()).toBe("2d");
      await expect(editor.mug2d()).toHaveAttribute(
        "aria-label",
        "Vorschau: Klassische Tasse 250 ml in Schwarz mit deinem Bild im Stil Aquarell",
      );

      const bodies = await Promise.all([...scripts].map(async (u) => (await noGl.request.get(u)).text()));
      expect(bodies.length).toBeGreaterThan(3);
      expect(bodies.filter((b) => b.includes("THREE.WebGLRenderer"))).toHaveLength(0);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
