import { expect, test } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { ADMIN, LoginPage } from "./pages/login-page";

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

for (const locale of ["en", "de"] as const) {
  test(`settings: the seller's data, a field error, saving, both widths (${locale})`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto("/admin/settings");
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/settings$/);
    if (locale === "de") await page.getByTestId("language-switch").first().selectOption("de");
    const t =
      locale === "de"
        ? { title: "Einstellungen", iban: "IBAN", save: "Speichern", saved: "Einstellungen gespeichert", ibanError: "Gib eine IBAN" }
        : { title: "Settings", iban: "IBAN", save: "Save", saved: "Settings saved", ibanError: "Enter an IBAN" };
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: t.title })).toHaveAttribute("aria-current", "page");

    const iban = page.getByLabel(t.iban, { exact: true });
    const before = await iban.inputValue();
    await iban.fill("DE12");
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByText(t.ibanError)).toBeVisible();
    await expect(iban).toBeFocused();

    await iban.fill(before);
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(page.getByText(t.ibanError)).toHaveCount(0);
    await expect(page.getByTestId("settings-from-environment")).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel(t.iban, { exact: true })).toHaveValue(before);
    await expect(page.getByTestId("settings-from-environment")).toHaveCount(0);

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${viewport.width} px`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
}
