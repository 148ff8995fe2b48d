import { expect, test } from "./fixtures";
import { signUp } from "./helpers/outbox";
import { ADMIN, LoginPage } from "./pages/login-page";

test.describe("admin guard", () => {
  test("an anonymous visitor is sent to /login and returns to the page after signing in", async ({ page }) => {
    await page.goto("/admin/vat");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Fvat$/);
    await new LoginPage(page).signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/vat$/);
  });

  test("wrong credentials show the spec's message", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.email, "not-the-password");
    await expect(login.error()).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a customer is sent from /admin to /", async ({ page }) => {
    const email = `customer-${Date.now()}@example.com`;
    await signUp(page.request, { email, password: "customer-pass-1" });
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Design Mug" })).toBeVisible();
  });

  test("after logout the user is at /login and the old session no longer opens /admin", async ({ page, context }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    const cookies = await context.cookies();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await context.addCookies(cookies);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin$/);
  });

  test("the shop header has the customer links and a language switch", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Design Mug" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "My Images" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "My Orders" })).toBeVisible();
    await page.getByTestId("language-switch").selectOption("de");
    const navDe = page.getByRole("navigation", { name: "Hauptnavigation" });
    await expect(navDe.getByRole("link", { name: "Tasse gestalten" })).toBeVisible();
    await expect(navDe.getByRole("link", { name: "Meine Bilder" })).toBeVisible();
  });
});
