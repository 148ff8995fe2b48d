import { expect, test } from "./fixtures";
import { useLanguage } from "./pages/shop-pages";

const TEXTS = {
  en: [
    "deleted automatically 7 days after they were uploaded or created",
    "are deleted automatically after 30 days unless a cart or an order uses them",
    "10 years, as commercial and tax law require (§ 147 AO, § 257 HGB)",
  ],
  de: [
    "werden 7 Tage nach dem Hochladen bzw. Erzeugen automatisch gelöscht",
    "werden nach 30 Tagen automatisch gelöscht",
    "10 Jahre, wie es das Handels- und Steuerrecht vorschreibt (§ 147 AO, § 257 HGB)",
  ],
} as const;

for (const locale of ["en", "de"] as const) {
  for (const width of [1280, 390]) {
    test(`privacy page (${locale}, ${width} px) states the retention periods`, async ({ page, baseURL }, info) => {
      await page.setViewportSize({ width, height: 900 });
      await useLanguage(page, locale, baseURL ?? "");
      await page.goto("/datenschutz");
      const main = page.locator("main");
      for (const text of TEXTS[locale]) await expect(main).toContainText(text);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: info.outputPath(`privacy-${locale}-${width}.png`), fullPage: true });
    });
  }
}
