import { expect, test, type Page } from "./fixtures";
import { ADMIN, LoginPage } from "./pages/login-page";

const rows = (page: Page) => page.getByTestId("audit-row");

test.describe("admin audit log", () => {
  test("sign-ins are listed with their device, the filters narrow them; German and phone width", async ({ page, request }) => {
    const failed = await request.post("/api/auth/login", { data: { email: ADMIN.email, password: "not-the-password-1" } });
    expect(failed.status()).toBe(401);

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();

    const newest = rows(page).first();
    await expect(newest.getByTestId("audit-action")).toHaveText("Signed in");
    await expect(newest.getByTestId("audit-actor")).toHaveText(ADMIN.email);
    await expect(newest.getByTestId("audit-device")).toContainText("Chrome");
    await expect(newest.getByTestId("audit-details")).toContainText("Password");

    await page.getByTestId("list-filter-action").selectOption("sign_in_failed");
    await expect(page).toHaveURL(/action=sign_in_failed/);
    await expect(rows(page).first().getByTestId("audit-action")).toHaveText("Sign-in failed");
    await expect(rows(page).first().getByTestId("audit-actor")).toHaveText(ADMIN.email);

    await page.getByTestId("list-search").fill("nobody-acted-with-this");
    await expect(page.getByTestId("audit-no-results")).toBeVisible();
    await page.getByTestId("list-search").fill(ADMIN.email);
    await expect(rows(page).first()).toBeVisible();
    await page.getByTestId("audit-filter-from").fill("2099-01-01");
    await expect(page).toHaveURL(/from=2099-01-01/);
    await expect(page.getByTestId("audit-no-results")).toBeVisible();
    await page.getByTestId("audit-filter-from").fill("");
    await expect(rows(page).first()).toBeVisible();

    await page.getByTestId("language-switch").first().selectOption("de");
    await expect(page.getByRole("heading", { level: 1, name: "Protokoll" })).toBeVisible();
    await expect(rows(page).first().getByTestId("audit-action")).toHaveText("Anmeldung fehlgeschlagen");
    await expect(page.getByTestId("list-filter-action")).toContainText("Alle Aktionen");

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rows(page).first().getByTestId("audit-actor")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
