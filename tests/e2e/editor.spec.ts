import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { ArticleDto } from "@/lib/schemas/articles";
import { updateBodyOf } from "../helpers/article-update-body";
import { E2E_ADMIN } from "./admin-credentials";
import { expect, test } from "./fixtures";
import { signUp } from "./helpers/outbox";
import { EditorPage } from "./pages/editor-page";

let dir = "";
let photoPath = "";

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "editor-e2e-"));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2250" viewBox="0 0 1600 1200">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#00d2ff"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="800" cy="600" r="300" fill="#f9d423"/><rect x="200" y="850" width="1200" height="200" fill="#2e7d32"/></svg>`;
  photoPath = path.join(dir, "holiday-photo.jpg");
  await writeFile(photoPath, await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer());
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe("editor wizard", () => {
  test("a guest goes from photo to preview through all six steps, back and forth, and adds the mug to the cart", async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.goto("/editor");
    await editor.expectStep("upload");
    await expect(editor.nextButton()).toBeDisabled();

    await editor.upload(photoPath);
    await expect(page.getByTestId("crop-area")).toHaveAttribute("data-aspect", "2.5000");
    await expect(page.getByTestId("photo-name")).toContainText("holiday-photo.jpg");
    await editor.next();

    await editor.expectStep("style");
    await expect(editor.nextButton()).toBeDisabled();
    await expect(page.getByRole("group", { name: "Art styles" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Fun" })).toBeVisible();
    await expect(page.getByText("Neon Glow (retired)")).toHaveCount(0);
    const examples = page.getByTestId("style-card").locator("img");
    await expect(examples).toHaveCount(6);
    await expect.poll(() => examples.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await editor.chooseStyle("Pop Art");
    await editor.next();

    await editor.expectStep("mug");
    await expect(editor.mugOption("Classic Mug 250").getByTestId("mug-price")).toHaveText("€14.99");
    await editor.chooseMug("Classic Mug 250", "Black");
    await editor.next();

    await editor.expectStep("personal");
    const email = uniqueEmail("editor-guest");
    await editor.fillPersonal({ email, phone: "+49 170 1234567", firstName: "Greta" });
    const registered = page.waitForResponse((r) => r.url().endsWith("/api/auth/register") && r.request().method() === "POST");
    await editor.next();
    expect((await registered).status()).toBe(201);

    await editor.expectStep("generate");
    await expect(editor.nextButton()).toBeDisabled();
    const generated = page.waitForResponse((r) => r.url().endsWith("/api/public/images/generate"));
    await editor.generate();
    const answer = await generated;
    expect(answer.status()).toBe(200);
    const { sourceImage } = (await answer.json()) as { sourceImage: { url: string } };
    const source = await sharp(await (await page.request.get(sourceImage.url)).body()).metadata();
    expect([source.width, source.height]).toEqual([2048, 819]);
    await expect(editor.generatedImages().first()).toBeVisible();
    await expect(page.getByText(/offline|AI key|KI-Schlüssel/i)).toHaveCount(0);
    const count = await editor.generatedImages().count();
    expect(count).toBeGreaterThan(0);

    for (let i = 0; i < 4; i++) await editor.back();
    await editor.expectStep("upload");
    await expect(page.getByTestId("photo-name")).toContainText("holiday-photo.jpg");
    await editor.setCrop();
    await editor.next();
    await expect(editor.styleRadio("Pop Art")).toBeChecked();
    await editor.next();
    await expect(editor.mugOption("Classic Mug 250")).toHaveAttribute("data-selected", "true");
    await expect(editor.variantRadio("Black")).toBeChecked();
    await editor.next();
    await expect(editor.emailInput()).toHaveValue(email);
    await editor.next();
    await editor.expectStep("generate");
    await expect(editor.generatedImages()).toHaveCount(count);
    await expect(page.getByTestId("result-stale")).toHaveCount(0);
    await expect(editor.generatedImages().first()).toHaveAttribute("data-selected", "true");
    await editor.next();

    await editor.expectStep("preview");
    const url = await editor.expectPreview();
    expect((await page.request.get(url)).headers()["content-type"]).toMatch(/^image\//);
    await expect(editor.mugPreview()).toHaveAttribute("data-outside-color", "#000000");
    await editor.chooseVariant("Red inside");
    await expect(editor.mugPreview()).toHaveAttribute("data-outside-color", "#FFFFFF");
    await expect(editor.mugPreview()).toHaveAttribute("data-inside-color", "#C62828");
    await expect(page.getByTestId("preview-variant")).toHaveText("Red inside");

    await editor.addToCart();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(editor.toast("Added to cart")).toBeVisible();
  });

  test("a mug with another print shape refits the crop in the mug step, around the same centre, without going back", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post("/api/auth/login", { data: E2E_ADMIN })).status()).toBe(200);
    const mugs = (await (await page.request.get("/api/mugs")).json()) as { id: number; name: string }[];
    const classic = mugs.find((m) => m.name === "Classic Mug 250");
    if (!classic) throw new Error("the demo catalogue has the Classic Mug 250");
    const source = (await (await admin.get(`/api/admin/articles/${classic.id}`)).json()) as ArticleDto;
    const stamp = `${Date.now()}`;
    const body = updateBodyOf(source, { name: `Espresso Mug ${stamp}`, nameDe: `Espressotasse ${stamp}`, articleNumber: `ESP-${stamp}` });
    const res = await admin.post("/api/admin/articles", {
      data: {
        ...body,
        mugDetails: { ...(body.mugDetails as object), printTemplateWidthMm: 160, printTemplateHeightMm: 80 },
        mugVariants: [{ name: "Sand", nameDe: "Sand", insideColorCode: "#FFFFFF", outsideColorCode: "#D8C3A5", isDefault: true }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const espresso = (await res.json()) as ArticleDto;
    try {
      const editor = new EditorPage(page);
      await editor.goto("/editor");
      await editor.upload(photoPath);
      await expect(page.getByTestId("crop-area")).toHaveAttribute("data-aspect", "2.5000");
      await editor.next();
      await editor.chooseStyle("Pop Art");
      await editor.next();
      await editor.chooseMug("Classic Mug 250", "White");
      await editor.next();
      await editor.fillPersonal({ email: uniqueEmail("refit"), firstName: "Rita" });
      await editor.next();
      await editor.expectStep("generate");
      await editor.generate();
      await editor.back();
      await editor.back();
      await editor.expectStep("mug");
      await expect(page.getByTestId("mug-crop")).toHaveCount(0);
      const steps: string[] = [];
      await page.exposeFunction("__step", (step: string) => steps.push(step));
      await page.evaluate(() => {
        const root = document.querySelector('[data-testid="editor"]');
        if (!root) return;
        new MutationObserver(() =>
          (window as unknown as { __step: (s: string) => void }).__step(root.getAttribute("data-step") ?? ""),
        ).observe(root, { attributes: true, attributeFilter: ["data-step"] });
      });

      let taps = 0;
      const tap = async (action: () => Promise<void>) => {
        taps++;
        await action();
      };
      await tap(() => editor.mugOption(`Espresso Mug ${stamp}`).locator("label").first().click());
      const panel = page.getByTestId("mug-crop");
      await expect(panel).toBeVisible();
      await expect(panel.getByRole("heading", { name: "Your crop for this mug" })).toBeVisible();
      await expect(panel.getByTestId("crop-area")).toHaveAttribute("data-aspect", "2.0000");
      await expect(panel.getByTestId("crop-area").locator("img")).toBeVisible();
      const saved = () =>
        page.evaluate(
          () =>
            JSON.parse(window.localStorage.getItem("mugshop.editor.v1") ?? "null") as {
              crop: { aspect: number; area: { x: number; y: number; width: number; height: number } };
            },
        );
      await expect.poll(async () => (await saved()).crop.aspect).toBe(2);
      const { area } = (await saved()).crop;
      expect(Math.abs(area.x + area.width / 2 - 1500)).toBeLessThan(4);
      expect(Math.abs(area.y + area.height / 2 - 1125)).toBeLessThan(4);
      expect(Math.abs(area.width - 2683)).toBeLessThan(6);
      await expect(editor.variantRadio("Sand")).toBeChecked();
      await tap(() => editor.next());
      await editor.expectStep("personal");
      await tap(() => editor.next());
      await editor.expectStep("generate");
      expect(taps).toBe(3);
      expect(steps).not.toContain("upload");
      await expect(page.getByTestId("result-stale")).toBeVisible();
      const generated = page.waitForResponse((r) => r.url().endsWith("/api/public/images/generate"));
      await editor.generate();
      const { sourceImage } = (await (await generated).json()) as { sourceImage: { url: string } };
      const uploaded = await sharp(await (await page.request.get(sourceImage.url)).body()).metadata();
      expect([uploaded.width, uploaded.height]).toEqual([2048, 1024]);

      for (let i = 0; i < 4; i++) await editor.back();
      await editor.expectStep("upload");
      await expect(page.getByTestId("photo-name")).toContainText("holiday-photo.jpg");
      await expect(page.getByTestId("crop-area")).toHaveAttribute("data-aspect", "2.0000");
    } finally {
      const retired = await admin.put(`/api/admin/articles/${espresso.id}`, { data: updateBodyOf(espresso, { active: false }) });
      expect(retired.status(), await retired.text()).toBe(200);
      await admin.dispose();
    }
  });

  test("a 12-megapixel phone photo over 4 MB is accepted; the browser uploads only the cropped area, scaled down and re-encoded", async ({
    page,
  }) => {
    const { data, info } = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: "#6a8caf", noise: { type: "gaussian", mean: 128, sigma: 30 } },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const big = await sharp(data, { raw: info }).blur(1.2).jpeg({ quality: 97 }).toBuffer();
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    const bigPath = path.join(dir, "phone-photo.jpg");
    await writeFile(bigPath, big);

    await page.addInitScript(() => {
      const sizes: number[] = [];
      (window as unknown as { __uploadSizes: number[] }).__uploadSizes = sizes;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const part = init?.body instanceof FormData ? init.body.get("image") : null;
        if (part instanceof Blob) sizes.push(part.size);
        return original(input, init);
      };
    });
    const editor = new EditorPage(page);
    await editor.goto("/editor");
    await editor.upload(bigPath);
    await expect(editor.uploadError()).toHaveCount(0);
    await expect(page.getByTestId("photo-name")).toContainText("phone-photo.jpg");
    await editor.next();
    await editor.chooseStyle("Pop Art");
    await editor.next();
    await editor.chooseMug("Classic Mug 250", "White");
    await editor.next();
    await editor.fillPersonal({ email: uniqueEmail("phone-photo"), firstName: "Pia" });
    await editor.next();
    await editor.expectStep("generate");
    const generated = page.waitForResponse((r) => r.url().endsWith("/api/public/images/generate"));
    await editor.generate();
    expect((await generated).status()).toBe(200);
    const [uploaded = 0] = await page.evaluate(() => (window as unknown as { __uploadSizes: number[] }).__uploadSizes);
    expect(uploaded).toBeGreaterThan(0);
    expect(uploaded).toBeLessThan(1024 * 1024);
    expect(uploaded).toBeLessThan(big.length / 4);
    await expect(editor.generatedImages().first()).toBeVisible();
  });

  test("files that are not images or larger than 25 MB are refused in the browser", async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.goto();
    let uploads = 0;
    page.on("request", (r) => {
      if (r.method() === "POST") uploads++;
    });
    await editor.photoInput().setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(25 * 1024 * 1024 + 1, 0xff) });
    await expect(editor.uploadError()).toContainText("The file is too large");
    await expect(editor.uploadError()).toContainText("25 MB");
    await expect(editor.nextButton()).toBeDisabled();
    await editor.photoInput().setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(editor.uploadError()).toHaveText("This file is not an image. Please choose a PNG, JPEG, GIF or WEBP file.");
    await expect(page.getByTestId("crop-area")).toHaveCount(0);
    await editor.upload(photoPath);
    await expect(editor.uploadError()).toHaveCount(0);
    expect(uploads).toBe(0);
  });

  test("an invalid email or phone blocks the personal step", async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.goto();
    await editor.upload(photoPath);
    await editor.next();
    await editor.chooseStyle("Comic");
    await editor.next();
    await editor.chooseMug("Classic Mug 250", "White");
    await editor.next();
    await editor.expectStep("personal");
    await expect(editor.nextButton()).toBeDisabled();
    await editor.fillPersonal({ email: "not-an-email" });
    await expect(page.getByText("Invalid email format")).toBeVisible();
    await expect(editor.emailInput()).toHaveAttribute("aria-invalid", "true");
    await expect(editor.nextButton()).toBeDisabled();
    await editor.fillPersonal({ email: uniqueEmail("editor-check"), phone: "call me" });
    await editor.phoneInput().press("Tab");
    await expect(page.getByText("Invalid phone number")).toBeVisible();
    await expect(editor.nextButton()).toBeDisabled();
    await editor.phoneInput().fill("");
    await expect(editor.nextButton()).toBeEnabled();
  });

  test("failed registration lets the guest continue; generation errors show the spec's messages and Retry works", async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.goto();
    await editor.upload(photoPath);
    await editor.next();
    await editor.chooseStyle("Watercolour");
    await editor.next();
    await editor.chooseMug("Classic Mug 250", "White");
    await editor.next();
    await page.route("**/api/auth/register", (route) => route.fulfill({ status: 500, json: { message: "An unexpected error occurred." } }));
    await editor.fillPersonal({ email: uniqueEmail("editor-failed") });
    await editor.next();
    await editor.expectStep("generate");
    await expect(page.getByTestId("registration-failed")).toHaveText("Registration failed. You can continue as a guest.");

    const errors: [number, string][] = [
      [429, "Guests can generate only a few images per hour. Please try again in an hour."],
      [504, "The request timed out. Please try again."],
      [401, "Your session has expired. Please refresh the page."],
    ];
    for (const [status, message] of errors) {
      await page.route("**/api/public/images/generate", (route) => route.fulfill({ status, json: { message: "upstream" } }), { times: 1 });
      await editor.generateButton().click();
      await expect(editor.generationError()).toHaveText(message);
      await expect(editor.generateButton()).toHaveText("Retry");
    }
    await expect(page).toHaveURL(/\/$/);
    await page.route("**/api/public/images/generate", (route) => route.fulfill({ status: 200, json: { images: "nope" } }), { times: 1 });
    await editor.generateButton().click();
    await expect(editor.generationError()).toHaveText("The server returned an invalid response. Please try again.");

    await page.route(
      "**/api/public/images/generate",
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2500));
        await route.continue();
      },
      { times: 1 },
    );
    await editor.generateButton().click();
    await expect(page.getByRole("progressbar", { name: "Generating your images…" })).toBeVisible();
    await expect(page.getByTestId("generation-elapsed")).toHaveText(/^[1-9]\d* s elapsed$/);
    await expect(page.getByText("This usually takes about 30 seconds")).toBeVisible();
    await expect(editor.generateButton()).toBeDisabled();
    await expect(editor.backButton()).toBeDisabled();
    await expect(editor.generatedImages().first()).toHaveAttribute("data-selected", "true", { timeout: 60_000 });
    await expect(editor.generationError()).toHaveCount(0);
    await editor.next();
    await editor.expectPreview();
    await expect(editor.addToCartButton()).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in to add to cart" })).toHaveAttribute("href", "/login?callbackUrl=%2Feditor");
  });

  test("a signed-in customer's account data is used by default and generation runs on their account", async ({ page }) => {
    const email = uniqueEmail("editor-customer");
    await signUp(page.request, { email, password: "customer-pass-1", firstName: "Clara", lastName: "Kunde", phone: "+49 30 1234567" });
    const editor = new EditorPage(page);
    await editor.goto();
    await editor.upload(photoPath);
    await editor.next();
    await editor.chooseStyle("Duotone");
    await editor.next();
    await editor.chooseMug("Classic Mug 250", "White");
    await editor.next();

    const account = page.getByTestId("account-data");
    await expect(account).toContainText(email);
    await expect(account).toContainText("Clara");
    await expect(page.getByTestId("personal-form")).toHaveCount(0);
    await expect(editor.nextButton()).toBeEnabled();
    await page.getByRole("checkbox", { name: "Use different data for this order" }).check();
    await expect(editor.emailInput()).toHaveValue(email);
    await expect(page.getByLabel("First name")).toHaveValue("Clara");
    await editor.fillPersonal({ email: "order@" });
    await expect(editor.nextButton()).toBeDisabled();
    await editor.fillPersonal({ email: "orders@example.com" });
    let registrations = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/register")) registrations++;
    });
    await editor.next();
    await editor.expectStep("generate");
    expect(registrations).toBe(0);

    await page.route("**/api/user/ai/images/generate", (route) => route.fulfill({ status: 429, json: { message: "limit" } }), { times: 1 });
    await editor.generateButton().click();
    await expect(editor.generationError()).toHaveText("You have reached the rate limit for image generation. Please try again later.");
    const generated = page.waitForResponse((r) => r.url().endsWith("/api/user/ai/images/generate") && r.status() === 200);
    await editor.generate();
    await generated;
    await editor.next();
    await editor.expectPreview();
    await expect(editor.addToCartButton()).toBeEnabled();
  });

  test("the wizard speaks German and keeps its state when the language changes", async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.goto();
    await editor.upload(photoPath);
    await editor.next();
    await editor.chooseStyle("Pencil Sketch");
    await page.getByTestId("language-switch").selectOption("de");
    await expect(page.getByRole("heading", { level: 1, name: "Gestalte deine Tasse" })).toBeVisible();
    await expect(editor.stepHeading()).toHaveText("Stil wählen");
    await expect(page.getByText("Schritt 2 von 6", { exact: true })).toBeVisible();
    await expect(editor.styleRadio("Bleistiftskizze")).toBeChecked();
    await expect(page.getByRole("navigation", { name: "Schritte des Editors" })).toBeVisible();
    await editor.next();
    await expect(editor.stepHeading()).toHaveText("Tasse wählen");
    await expect(editor.mugOption("Klassische Tasse 250 ml").getByTestId("mug-price")).toHaveText("14,99 €");
    await editor.chooseMug("Klassische Tasse 250 ml", "Innen blau");
    await editor.next();
    await expect(editor.stepHeading()).toHaveText("Persönliche Daten");
    await editor.fillPersonal({ email: "kein-email" });
    await expect(page.getByText("Ungültiges E-Mail-Format")).toBeVisible();
    await editor.back();
    await editor.back();
    await editor.back();
    await expect(page.getByText("holiday-photo.jpg")).toBeVisible();
    await expect(page.getByRole("button", { name: "Weiter" })).toBeEnabled();
    await page.getByTestId("language-switch").selectOption("en");
    await expect(editor.stepHeading()).toHaveText("Upload and crop");
  });
});
