import { expect, test } from "./fixtures";
import { ADMIN, LoginPage } from "./pages/login-page";
import { VatPage } from "./pages/vat-page";

test.describe("admin manages VAT rates", () => {
  test("sign in through /login, create, edit, set default and delete a VAT rate", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("link", { name: "VAT rates" }).click();

    const vat = new VatPage(page);
    await expect(vat.table()).toBeVisible();
    await expect(vat.row("Standard")).toContainText("Default");

    await page.getByRole("link", { name: "New VAT rate" }).click();
    await vat.fillForm({ name: "", percent: "-5" });
    await vat.save();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Percent must be positive")).toBeVisible();
    await vat.fillForm({ name: "Zero-ish", percent: "5,5", description: "E2E rate" });
    await vat.save();
    await expect(vat.toast("VAT rate created")).toBeVisible();
    await expect(vat.row("Zero-ish")).toContainText("5.5 %");

    await vat.row("Zero-ish").getByRole("link", { name: /Edit/ }).click();
    await vat.fillForm({ name: "Special", percent: "10" });
    await vat.save();
    await expect(vat.toast("VAT rate updated")).toBeVisible();
    await expect(vat.row("Special")).toContainText("10 %");

    await vat.row("Special").getByRole("button", { name: "Set as default" }).click();
    await expect(vat.toast("Default VAT rate changed")).toBeVisible();
    await expect(vat.row("Special")).toContainText("Default");
    await expect(vat.table().getByTestId("default-badge")).toHaveCount(1);

    await vat
      .row("Special")
      .getByRole("button", { name: /Delete/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("is the default VAT rate");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(vat.toast("VAT rate deleted")).toBeVisible();
    await expect(vat.row("Special")).toHaveCount(0);
    const chooser = page.getByTestId("choose-default-vat");
    await expect(chooser).toBeVisible();
    await chooser.getByRole("combobox").selectOption({ label: "Standard (19 %)" });
    await chooser.getByRole("button", { name: "Save" }).click();
    await expect(chooser).toHaveCount(0);
    await expect(vat.row("Standard")).toContainText("Default");
  });

  test("the VAT screens speak German after switching the language, and keep it", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto("/admin/vat");
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/vat$/);
    await page.getByTestId("language-switch").first().selectOption("de");
    await expect(page.getByRole("heading", { name: "Mehrwertsteuersätze" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Neuer Steuersatz" })).toBeVisible();

    const vat = new VatPage(page);
    await vat.create({ name: `Reduced test ${Date.now()}`, nameDe: "Ermäßigt Test", percent: "7" });
    await expect(vat.toast("Steuersatz angelegt")).toBeVisible();
    await expect(vat.row("Ermäßigt Test").first()).toBeVisible();
    await expect(vat.row("Regelsteuersatz")).toBeVisible();
    await page.getByRole("link", { name: "Neuer Steuersatz" }).click();
    await vat.save();
    await expect(page.getByText("Name ist erforderlich")).toBeVisible();
    await expect(page.getByText("Prozent ist erforderlich")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Neuer Steuersatz" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBe("de");
  });
});
