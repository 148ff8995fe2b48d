import { expect, test } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { hydrated } from "./helpers/hydration";
import { ADMIN, LoginPage } from "./pages/login-page";

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

for (const locale of ["en", "de"] as const) {
  test(`dashboard: period, figures, charts with their numbers, sorting (${locale})`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto("/admin");
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    if (locale === "de") await page.getByTestId("language-switch").first().selectOption("de");
    const t =
      locale === "de"
        ? { sales: "Verkäufe", week: "7 Tage", numbers: "Zahlen anzeigen" }
        : { sales: "Sales", week: "7 days", numbers: "Show the numbers" };
    await expect(page.getByRole("heading", { name: t.sales })).toBeVisible();

    await page.getByRole("link", { name: t.week, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?preset=7d$/);
    await expect(page.getByRole("link", { name: t.week, exact: true })).toHaveAttribute("aria-current", "page");
    const chart = page.getByTestId("sales-chart");
    await chart.getByText(t.numbers).click();
    await expect(chart.getByRole("row")).toHaveCount(1 + 7);

    await page.locator('input[name="from"]').fill("2026-01-01");
    await page.locator('input[name="to"]').fill("2026-01-31");
    await page.locator('input[name="to"]').press("Enter");
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31/);
    await page.getByTestId("sales-chart").getByText(t.numbers).click();
    await expect(page.getByTestId("sales-chart").getByRole("row")).toHaveCount(1 + 31);

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${viewport.width} px`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
}

for (const locale of ["en", "de"] as const) {
  test(`customers: the list searches through the URL and fits both widths (${locale})`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto("/admin/customers");
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/customers$/);
    if (locale === "de") await page.getByTestId("language-switch").first().selectOption("de");
    await expect(page.getByRole("heading", { level: 1, name: locale === "de" ? "Kunden" : "Customers" })).toBeVisible();
    await page.getByRole("searchbox").fill("nobody-by-this-name");
    await expect(page).toHaveURL(/q=nobody-by-this-name/);
    await expect(page.getByTestId("customer-no-results")).toBeVisible();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${viewport.width} px`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
}

for (const locale of ["en", "de"] as const) {
  test(`discount codes: created through the form, listed, both widths (${locale})`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto("/admin/discount-codes/new");
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/discount-codes\/new$/);
    if (locale === "de") await page.getByTestId("language-switch").first().selectOption("de");
    const t =
      locale === "de"
        ? { title: "Rabattcodes", code: "Code", percent: "Prozent", save: "Speichern" }
        : { title: "Discount codes", code: "Code", percent: "Percent", save: "Save" };
    const code = `${locale.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
    await (await hydrated(page.getByLabel(t.code, { exact: false }).first())).fill(code.toLowerCase());
    await page.getByLabel(t.percent, { exact: false }).fill("15");
    await page.getByRole("button", { name: t.save }).click();
    await expect(page).toHaveURL(/\/admin\/discount-codes$/);
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId("discount-code-table").getByText(code, { exact: true })).toBeVisible();
    for (const path of ["/admin/discount-codes", "/admin/discount-codes/new"]) {
      await page.goto(path);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `horizontal overflow of ${path} at ${viewport.width} px`).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
      }
    }
  });
}
