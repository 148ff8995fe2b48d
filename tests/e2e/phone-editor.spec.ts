import { expect, test, type Locator, type Page } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { EditorPage } from "./pages/editor-page";
import { samplePhoto, useLanguage, walkEditor } from "./pages/shop-pages";
import { designInCart, registerCustomer } from "./pages/shop-setup";

const DESKTOP_HINTS = /mouse wheel|arrow keys|drag and drop|Mausrad|Pfeiltasten|hierher/i;

function mainAction(page: Page, step: string): Locator {
  if (step === "generate") return page.getByTestId("generate-button");
  if (step === "preview") return page.getByTestId("add-to-cart");
  return page.getByTestId("editor-next");
}

async function expectFocusedAboveBar(page: Page, field: Locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await field.focus();
  await expect(field).toBeFocused();
  const box = await field.boundingBox();
  const bar = await page.getByTestId("editor-actions").boundingBox();
  expect(box && bar && box.y + box.height).toBeLessThanOrEqual(bar?.y ?? 0);
  expect(box?.y).toBeGreaterThanOrEqual(0);
}

async function expectTargetsOfAtLeast24px(page: Page, where: string) {
  expect(await axeViolations(page, ["target-size"]), `targets under 24 × 24 px on ${where}`).toEqual([]);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const locale of ["de", "en"] as const) {
    test(`each editor step's main action is on the first screen, the intro shows once, no desktop hints (${locale})`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await useLanguage(page, locale, baseURL ?? "");
      await registerCustomer(page.request);
      const steps: string[] = [];
      await walkEditor(page, await samplePhoto(), async (step) => {
        steps.push(step);
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        await expect(mainAction(page, step), `the main action at step ${step}`).toBeInViewport({ ratio: 1 });
        await expect(page.getByTestId("editor-intro")).toHaveCount(step === "upload" || step === "crop" ? 1 : 0);
        expect(await page.locator("body").innerText()).not.toMatch(DESKTOP_HINTS);
        await expectTargetsOfAtLeast24px(page, `editor step ${step}`);
        if (step === "crop") {
          await expect(page.locator("#crop-help")).toHaveText(/./);
          await expectFocusedAboveBar(page, new EditorPage(page).zoomSlider());
        }
      });
      expect(steps).toEqual(["upload", "crop", "style", "mug", "personal", "generate", "generated", "preview"]);
    });
  }

  test("a guest's personal field focused behind the sticky bar scrolls into view above it", async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.goto("/");
    await editor.upload(await samplePhoto());
    await editor.next();
    await page.getByTestId("style-card").first().click();
    await editor.next();
    await page.getByTestId("mug-option").first().locator("label").first().click();
    await page.getByTestId("variant-option").first().click();
    await editor.next();
    await editor.expectStep("personal");
    await page.setViewportSize({ width: 390, height: 560 });
    await page.evaluate(() => window.scrollTo(0, 0));
    {
      const field = page.locator('section[aria-labelledby="editor-step-heading"] input').last();
      await field.evaluate((el) => {
        const bar = document.querySelector('[data-testid="editor-actions"]')?.getBoundingClientRect();
        window.scrollBy(0, el.getBoundingClientRect().top - (bar?.top ?? 0) + 4);
      });
      const bar = await page.getByTestId("editor-actions").boundingBox();
      const before = await field.boundingBox();
      expect(before && bar && before.y + before.height).toBeGreaterThan(bar?.y ?? 0);
      await field.focus();
      const after = await field.boundingBox();
      const barNow = await page.getByTestId("editor-actions").boundingBox();
      expect(after && barNow && after.y + after.height).toBeLessThanOrEqual(barNow?.y ?? 0);
    }
  });

  test("the checkout's checkboxes, the withdrawal waiver's among them, are at least 24 × 24 px", async ({ page, baseURL }) => {
    await useLanguage(page, "de", baseURL ?? "");
    await registerCustomer(page.request);
    await designInCart(page.request, "customer");
    await page.goto("/checkout");
    const waiver = page.getByTestId("withdrawal-waiver").getByRole("checkbox");
    await expect(waiver).toBeVisible();
    for (const box of await page.getByTestId("checkout-form").getByRole("checkbox").all()) {
      const size = await box.boundingBox();
      expect(size?.width).toBeGreaterThanOrEqual(24);
      expect(size?.height).toBeGreaterThanOrEqual(24);
    }
    await expectTargetsOfAtLeast24px(page, "/checkout");
  });
});

test("on a laptop the editor keeps its mouse and keyboard hints and the intro on the first step", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const editor = new EditorPage(page);
  await editor.goto("/");
  await expect(page.getByTestId("editor-intro")).toBeVisible();
  await expect(page.getByTestId("dropzone")).toContainText("drag and drop");
  await editor.upload(await samplePhoto());
  await expect(page.locator("#crop-help")).toHaveText(/mouse wheel.*arrow keys/);
  await editor.next();
  await editor.expectStep("style");
  await expect(page.getByTestId("editor-intro")).toHaveCount(0);
});
