import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { startInstance, type Instance } from "./helpers/instances";
import { CartPage } from "./pages/cart-page";
import { CheckoutPage, OrderSuccessPage, TEST_CARDS } from "./pages/checkout-page";
import { EditorPage } from "./pages/editor-page";
import { MyImagesPage } from "./pages/my-images-page";
import { registerCustomer } from "./pages/shop-setup";
import { E2E_ADMIN } from "./admin-credentials";

let dir = "";
let photoPath = "";

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "editor-persistence-e2e-"));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="100%" height="100%" fill="#3a7bd5"/><circle cx="800" cy="600" r="300" fill="#f9d423"/><rect x="200" y="850" width="1200" height="200" fill="#2e7d32"/></svg>`;
  photoPath = path.join(dir, "garden-photo.jpg");
  await writeFile(photoPath, await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer());
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function designUpToMug(editor: EditorPage) {
  await editor.upload(photoPath);
  await editor.zoomSlider().fill("2");
  await expect(editor.zoomSlider()).toHaveValue("2");
  await editor.next();
  await editor.chooseStyle("Pop Art");
  await editor.next();
  await editor.chooseMug("Classic Mug 250", "Black");
}

function countGenerations(page: Page): () => number {
  let count = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/(public\/images|user\/ai\/images)\/generate$/.test(r.url())) count++;
  });
  return () => count;
}

test.describe("editor persistence", () => {
  test("a paid order starts the editor afresh, the design kept in My images; a failed payment keeps the design", async ({ page }) => {
    const customer = await registerCustomer(page.request);
    const editor = new EditorPage(page);
    await editor.goto("/editor");
    await designUpToMug(editor);
    await editor.next();
    await editor.expectStep("personal");
    await editor.next();
    await editor.generate();
    await editor.next();
    await editor.expectPreview();
    const selected = () =>
      page.evaluate(
        () =>
          (JSON.parse(window.localStorage.getItem("mugshop.editor.v1") ?? "null") as { generation: { selectedImageId: number } } | null)
            ?.generation.selectedImageId ?? null,
      );
    const imageId = await selected();
    expect(imageId).not.toBeNull();
    await editor.addToCart();
    await expect(page).toHaveURL(/\/cart$/);

    const cart = new CartPage(page);
    await cart.checkout();
    const checkout = new CheckoutPage(page);
    await checkout.fillContact({ firstName: customer.firstName, lastName: customer.lastName });
    await checkout.fillAddress("shipping", { street1: "Hauptstraße 5", city: "Berlin", postalCode: "10115" });
    await checkout.fillCard(TEST_CARDS.declined);
    await checkout.acceptWaiver();
    await checkout.pay();
    await expect(page).toHaveURL(/\/payment-failure\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
    await editor.goto("/editor");
    await editor.expectStep("preview");
    expect(await selected()).toBe(imageId);

    await page.goto(`/checkout?orderId=${encodeURIComponent(orderId)}`);
    await checkout.fillCard(TEST_CARDS.success);
    await checkout.pay();
    await new OrderSuccessPage(page).expectShown();
    await expect.poll(() => editor.saved()).toBeNull();
    await editor.goto("/editor");
    await editor.expectStep("upload");
    await expect(page.getByTestId("photo-name")).toHaveCount(0);
    await expect(editor.startOverButton()).toHaveCount(0);
    const images = new MyImagesPage(page);
    await images.goto();
    expect(await images.ids()).toContain(imageId);
  });

  test("a reload brings back the photo, crop, style, mug, colour, personal data and the step", async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.goto();
    await designUpToMug(editor);

    await editor.reload();
    await editor.expectStep("mug");
    await expect(editor.mugOption("Classic Mug 250")).toHaveAttribute("data-selected", "true");
    await expect(editor.variantRadio("Black")).toBeChecked();
    await expect(editor.nextButton()).toBeEnabled();
    await expect(editor.stepHeading()).not.toBeFocused();

    await editor.next();
    await editor.expectStep("personal");
    const email = uniqueEmail("persist");
    await editor.emailInput().fill(email);
    await editor.phoneInput().fill("+49 30 1234567");
    await editor.reload();
    await editor.expectStep("personal");
    await expect(editor.emailInput()).toHaveValue(email);
    await expect(editor.phoneInput()).toHaveValue("+49 30 1234567");

    await editor.back();
    await editor.back();
    await editor.expectStep("style");
    await expect(editor.styleRadio("Pop Art")).toBeChecked();
    await editor.back();
    await editor.expectStep("upload");
    await expect(page.getByTestId("photo-name")).toContainText("garden-photo.jpg");
    await expect(page.getByTestId("crop-area").locator("img")).toBeVisible();
    await expect
      .poll(() =>
        page
          .getByTestId("crop-area")
          .locator("img")
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(1600);
    await expect(editor.zoomSlider()).toHaveValue("2");
    await expect(editor.nextButton()).toBeEnabled();

    // Garbage in the storage (written before the page's own scripts run) is ignored: the editor starts empty instead of breaking.
    await page.addInitScript(() => window.localStorage.setItem("mugshop.editor.v1", "{not json"));
    await editor.reload();
    await editor.expectStep("upload");
    await expect(page.getByTestId("photo-name")).toHaveCount(0);
  });

  test("start over clears the photo, the choices and what is kept in the browser", async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.goto();
    await expect(editor.startOverButton()).toHaveCount(0);
    await designUpToMug(editor);
    await expect.poll(async () => (await editor.saved())?.photo?.name).toBe("garden-photo.jpg");

    await editor.startOverButton().click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await editor.expectStep("mug");

    await editor.startOver();
    await editor.expectStep("upload");
    await expect(page.getByTestId("photo-name")).toHaveCount(0);
    await expect(editor.nextButton()).toBeDisabled();
    await expect(editor.stepHeading()).toBeFocused();
    expect(await editor.saved()).toBeNull();

    await editor.reload();
    await editor.expectStep("upload");
    await expect(page.getByTestId("photo-name")).toHaveCount(0);
    const photoKept = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const req = indexedDB.open("mugshop-editor", 1);
          req.onupgradeneeded = () => req.result.createObjectStore("files");
          req.onsuccess = () => {
            const get = req.result.transaction("files").objectStore("files").get("photo");
            get.onsuccess = () => resolve(get.result !== undefined);
            get.onerror = () => resolve(false);
          };
          req.onerror = () => resolve(false);
        }),
    );
    expect(photoKept).toBe(false);
  });

  test.describe("a reload during a generation", () => {
    // An instance of its own whose offline provider takes a few seconds, like a real model (the shared server stays fast).
    let slow: Instance | undefined;
    let slowDir = "";
    test.beforeAll(async () => {
      test.setTimeout(180_000);
      slowDir = await mkdtemp(path.join(os.tmpdir(), "editor-slow-"));
      slow = await startInstance(
        "slow-ai",
        {
          DATA_DIR: slowDir,
          DATABASE_URL: "",
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          AUTH_SECRET: "e2e-slow-secret-e2e-slow-secret-0123456789",
          LOG_LEVEL: "silent",
          GUEST_GENERATIONS_PER_HOUR: "1000",
          REGISTRATIONS_PER_HOUR: "1000",
          OFFLINE_AI_DELAY_MS: "6000",
        },
        150_000,
      );
    });
    test.afterAll(async () => {
      await slow?.stop();
      if (slowDir) await rm(slowDir, { recursive: true, force: true });
    });

    test("the page reattaches to the running job, shows its elapsed time, then the result; only one generation ran", async ({
      browser,
    }) => {
      if (!slow) throw new Error("slow instance");
      const context = await browser.newContext({ baseURL: slow.url });
      const page = await context.newPage();
      try {
        const posts = countGenerations(page);
        const editor = new EditorPage(page);
        await editor.goto();
        await designUpToMug(editor);
        await editor.next();
        await editor.fillPersonal({ email: uniqueEmail("reload-job") });
        await editor.next();
        await editor.expectStep("generate");

        await editor.generateButton().click();
        await expect(editor.progress()).toBeVisible();
        await expect.poll(async () => (await editor.saved())?.job?.id ?? null).not.toBeNull();
        const jobId = (await editor.saved())?.job?.id ?? "";
        await expect.poll(async () => (await page.request.get(`/api/generations/${jobId}`)).status(), { timeout: 20_000 }).toBe(200);
        expect(((await (await page.request.get(`/api/generations/${jobId}`)).json()) as { status: string }).status).toBe("running");

        await editor.reload();
        await editor.expectStep("generate");
        await expect(editor.progress()).toBeVisible();
        await expect(editor.reattachedNote()).toBeVisible();
        await expect(editor.elapsed()).toHaveText(/^[1-9]\d* s elapsed$/);
        await expect(editor.generateButton()).toBeDisabled();

        await expect(editor.generatedImages().first()).toHaveAttribute("data-selected", "true", { timeout: 60_000 });
        await expect(editor.progress()).toHaveCount(0);
        await expect(editor.firstChoice()).toBeFocused();
        // Saved a moment after the state changed (the save is debounced).
        await expect.poll(async () => (await editor.saved())?.job ?? null).toBeNull();
        expect(posts()).toBe(1);
        const uploads = (await (await page.request.get("/api/user/images?type=UPLOADED")).json()) as unknown[];
        expect(uploads).toHaveLength(1);

        await editor.reload();
        await editor.expectStep("generate");
        await expect(editor.generatedImages().first()).toHaveAttribute("data-selected", "true");
        await editor.next();
        await editor.expectPreview();
      } finally {
        await context.close();
      }
    });
  });

  test.describe("put on a mug from My images", () => {
    async function generateFor(request: APIRequestContext) {
      const prompts = (await (await request.get("/api/prompts")).json()) as { id: number; title: string }[];
      const mugs = (await (await request.get("/api/mugs")).json()) as { id: number }[];
      const prompt = prompts.find((p) => p.title === "Watercolour") ?? prompts[0];
      if (!prompt || !mugs[0]) throw new Error("demo catalogue");
      const res = await request.post("/api/user/ai/images/generate", {
        multipart: {
          image: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await sharp(photoPath).resize(800).toBuffer() },
          promptId: String(prompt.id),
          mugId: String(mugs[0].id),
        },
        timeout: 60_000,
      });
      expect(res.status(), await res.text()).toBe(200);
      return { prompt, result: (await res.json()) as { sourceImage: { id: number }; images: { id: number }[] } };
    }

    test("an uploaded image opens at the style step, a generated one at the preview, ready for the cart; someone else's is refused", async ({
      page,
    }) => {
      await registerCustomer(page.request);
      const { prompt, result } = await generateFor(page.request);
      const generatedId = result.images[0]?.id ?? 0;
      const gallery = new MyImagesPage(page);
      const editor = new EditorPage(page);

      await gallery.goto();
      await gallery.putOnMug(result.sourceImage.id);
      await editor.waitUntilRestored();
      await editor.expectStep("style");
      await expect(page).toHaveURL(/\/editor$/);
      await editor.back();
      await editor.expectStep("upload");
      await expect(page.getByTestId("crop-area").locator("img")).toBeVisible();
      await expect(editor.nextButton()).toBeEnabled();
      await editor.next();
      await editor.chooseStyle("Pop Art");
      await editor.next();
      await editor.expectStep("mug");

      await gallery.goto();
      await gallery.putOnMug(generatedId);
      await editor.waitUntilRestored();
      await editor.expectStep("preview");
      const url = await editor.expectPreview();
      expect(url).toContain(`/api/images/${generatedId}`);
      await expect(page.getByTestId("preview-summary")).toContainText(prompt.title);
      await editor.addToCart();
      await page.waitForURL(/\/cart$/);
      const cart = (await (await page.request.get("/api/user/cart")).json()) as { items: { image: { id: number } }[] };
      expect(cart.items.map((i) => i.image.id)).toContain(generatedId);

      const other = await page
        .context()
        .browser()
        ?.newContext({ baseURL: new URL(page.url()).origin });
      if (!other) throw new Error("second context");
      try {
        const stranger = await other.newPage();
        await registerCustomer(stranger.request);
        const strangerEditor = new EditorPage(stranger);
        await strangerEditor.goto(`/editor?image=${generatedId}`);
        await expect(strangerEditor.toast("This image could not be opened")).toBeVisible();
        await strangerEditor.expectStep("upload");
        await expect(stranger).toHaveURL(/\/editor$/);
      } finally {
        await other.close();
      }
    });
  });
});
