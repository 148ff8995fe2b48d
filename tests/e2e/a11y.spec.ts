import { expect, test, type Page } from "./fixtures";
import { expectNoViolations } from "./helpers/axe";
import { EditorPage } from "./pages/editor-page";
import { dataPages, samplePhoto, settled, shopperWithHistory, STATIC_SHOP_PAGES, useLanguage, walkEditor } from "./pages/shop-pages";

test.describe.configure({ mode: "parallel" });

const VIEWPORTS = [
  { name: "laptop", width: 1280, height: 900 },
  { name: "phone", width: 360, height: 740 },
] as const;

async function expectFits(page: Page, where: string) {
  const width = page.viewportSize()?.width ?? 0;
  if (width >= 640) return;
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(widths.document, `${where} is ${widths.document} px wide`).toBeLessThanOrEqual(width);
  expect(widths.body, `${where} body is ${widths.body} px wide`).toBeLessThanOrEqual(width);
}

async function expectFoldedSteps(page: Page, locale: "en" | "de") {
  await expect(page.getByTestId("editor-steps-compact")).toBeVisible();
  await expect(page.getByTestId("editor-steps-compact")).toContainText(locale === "de" ? /^Schritt \d von 6: / : /^Step \d of 6: /);
  await expect(page.getByTestId("editor-steps")).toBeHidden();
}

for (const locale of ["en", "de"] as const) {
  for (const viewport of VIEWPORTS) {
    test(`axe: the public shop pages and the login (${locale}, ${viewport.name})`, async ({ page, baseURL }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(viewport);
      await useLanguage(page, locale, baseURL ?? "");
      for (const path of [...STATIC_SHOP_PAGES, "/login"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await settled(page);
        await expectNoViolations(page, `${path} (${locale}, ${viewport.name})`);
        await expectFits(page, path);
      }
    });

    test(`axe: cart, checkout, orders, my images, order success and payment failure with data (${locale}, ${viewport.name})`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(viewport);
      await useLanguage(page, locale, baseURL ?? "");
      const history = await shopperWithHistory(page);
      for (const path of dataPages(history)) {
        await page.goto(path);
        await settled(page);
        if (path === "/cart") await expect(page.getByTestId("cart-item")).toHaveCount(1);
        if (path === "/checkout") await expect(page.getByTestId("checkout-form")).toBeVisible();
        await expectNoViolations(page, `${path} (${locale}, ${viewport.name})`);
        await expectFits(page, path);
      }
      if (viewport.name === "phone") {
        await page.goto("/cart");
        await page.getByRole("button", { name: /^(Menu|Menü)$/ }).click();
        await expectNoViolations(page, `/cart with the menu open (${locale})`);
      }
    });
  }

  test(`axe: every editor step from the upload to the preview (${locale})`, async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    await useLanguage(page, locale, baseURL ?? "");
    await shopperWithHistory(page);
    const photo = await samplePhoto();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await walkEditor(page, photo, async (step) => {
        await expectNoViolations(page, `editor step ${step} (${locale}, ${viewport.name})`);
        if (viewport.name !== "phone") return;
        await expectFits(page, `editor step ${step}`);
        await expectFoldedSteps(page, locale);
      });
    }
  });
}

test("the skip link is the first focusable element and moves focus to the main content", async ({ page }) => {
  const skip = page.getByRole("link", { name: "Skip to content" });
  for (const path of ["/", "/editor", "/agb", "/impressum"]) {
    // A cold first visit may not take the first Tab: such a page is loaded once more.
    await expect(async () => {
      await page.goto(path);
      await page.keyboard.press("Tab");
      await expect(skip).toBeFocused({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  }
});

test("the favicon is referenced by every page and served as an SVG mug in the brand colour", async ({ page, request }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toMatch(/^\/api\/brand\/icon\?v=/);
  const icon = await request.get(href ?? "");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  expect(await icon.text()).toContain("#c2410c");
});

test("a failed submit of the personal data moves focus to the first faulty field", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.goto("/");
  await editor.upload(await samplePhoto(800, 600));
  await editor.next();
  await page.getByTestId("style-card").first().click();
  await editor.next();
  await page.getByTestId("mug-option").first().locator("label").first().click();
  await page.getByTestId("variant-option").first().click();
  await editor.next();
  await editor.expectStep("personal");
  const lastName = page.getByLabel(/^Last name/);
  await lastName.fill("Keyboard");
  await lastName.press("Enter");
  await expect(editor.emailInput()).toBeFocused();
  await expect(editor.emailInput()).toHaveAttribute("aria-invalid", "true");
  await editor.expectStep("personal");
  await editor.emailInput().fill("keyboard@example.com");
  await editor.phoneInput().fill("call me");
  await lastName.press("Enter");
  await expect(editor.phoneInput()).toBeFocused();
  await expect(editor.phoneInput()).toHaveAttribute("aria-invalid", "true");
  await expect(editor.emailInput()).toHaveAttribute("aria-invalid", "false");
  await editor.phoneInput().fill("+49 30 1234567");
  await lastName.press("Enter");
  await editor.expectStep("generate");
});
