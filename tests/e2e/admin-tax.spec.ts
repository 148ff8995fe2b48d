import { expect, test } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { ADMIN, LoginPage } from "./pages/login-page";

// One test for both languages: the switch is shop-wide, and parallel tests must not see it flip twice.
test("VAT rates: the owner's OSS switch saves on change and stays after a reload (de, en)", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto("/admin/vat");
  await login.signIn(ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/vat$/);
  const texts = {
    en: { label: "Charge EU consumers the VAT of their country (OSS)", saved: "Tax setting saved" },
    de: { label: "EU-Privatkunden die Umsatzsteuer ihres Landes berechnen (OSS)", saved: "Steuereinstellung gespeichert" },
  };
  const oss = page.getByTestId("oss-enabled");
  await expect(oss).not.toBeChecked();
  await expect(page.getByText(texts.en.label)).toBeVisible();
  await oss.check();
  await expect(page.getByText(texts.en.saved)).toBeVisible();
  await page.reload();
  await expect(oss).toBeChecked();

  await page.getByTestId("language-switch").first().selectOption("de");
  await expect(page.getByText(texts.de.label)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "horizontal overflow at 390 px").toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await oss.uncheck();
  await expect(page.getByText(texts.de.saved)).toBeVisible();
  await page.reload();
  await expect(oss).not.toBeChecked();
});
