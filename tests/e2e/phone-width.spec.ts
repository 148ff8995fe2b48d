import { expect, test, type Page } from "./fixtures";
import { dataPages, samplePhoto, settled, shopperWithHistory, STATIC_SHOP_PAGES, useLanguage, walkEditor } from "./pages/shop-pages";

/**
 * Issue 11 §4: no shop page is wider than a 360 px phone screen (no horizontal scrolling), in English
 * and German (longer words), with data (cart and checkout with an item, orders, my images); the editor's
 * step list folds so the current step shows at the top.
 */

const PHONE = { width: 360, height: 740 };

async function expectFits(page: Page, where: string) {
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(widths.document, `${where} is ${widths.document} px wide`).toBeLessThanOrEqual(PHONE.width);
  expect(widths.body, `${where} body is ${widths.body} px wide`).toBeLessThanOrEqual(PHONE.width);
}

for (const locale of ["en", "de"] as const) {
  test(`every shop page fits a 360 px screen (${locale})`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(PHONE);
    await useLanguage(page, locale, baseURL ?? "");
    for (const path of [...STATIC_SHOP_PAGES, "/login"]) {
      await page.goto(path);
      await settled(page);
      await expectFits(page, path);
    }
    const history = await shopperWithHistory(page);
    for (const path of dataPages(history)) {
      await page.goto(path);
      await settled(page);
      if (path === "/cart") await expect(page.getByTestId("cart-item")).toHaveCount(1);
      if (path === "/checkout") await expect(page.getByTestId("checkout-form")).toBeVisible();
      await expectFits(page, path);
    }
    await walkEditor(page, await samplePhoto(), async (step) => {
      await expectFits(page, `editor step ${step}`);
      // The folded step list names the current step instead of listing all six.
      await expect(page.getByTestId("editor-steps-compact")).toBeVisible();
      await expect(page.getByTestId("editor-steps-compact")).toContainText(locale === "de" ? /^Schritt \d von 6: / : /^Step \d of 6: /);
      await expect(page.getByTestId("editor-steps")).toBeHidden();
    });
  });
}

test("on a phone the folded step list names the current step; from 640 px on all steps are listed", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const compact = page.getByTestId("editor-steps-compact");
  await expect(compact).toHaveText(/^Step 1 of 6: Upload and crop$/);
  await expect(compact).toBeInViewport();
  // The upload button is reachable without long scrolling: within the first screen and a half.
  const choose = page.locator("label", { has: page.getByTestId("photo-input") });
  const box = await choose.boundingBox();
  expect(box && box.y + box.height).toBeLessThan(PHONE.height * 1.5);
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(compact).toBeHidden();
  await expect(page.getByTestId("editor-steps").getByRole("listitem")).toHaveCount(6);
  await expect(page.getByTestId("editor-steps").locator('[aria-current="step"]')).toContainText("Upload and crop");
});
