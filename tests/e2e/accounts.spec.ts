import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Page } from "./fixtures";
import { ADMIN, LoginPage } from "./pages/login-page";
import { EditorPage } from "./pages/editor-page";
import { CartPage } from "./pages/cart-page";
import { paidOrderViaApi, registerCustomer, unique } from "./pages/shop-setup";
import { mailedLinkFor, signUp } from "./helpers/outbox";

const PASSWORD = "first-pass-123";
const CHECK_MAIL = "Please check your mailbox: we have sent you an email to finish creating your account.";

const resetLinkFor = (email: string, notThis?: string) => mailedLinkFor(email, "reset-password", { notThis });

function header(page: Page) {
  return page.getByRole("banner");
}

test.describe("customer accounts", () => {
  test("sign up with a new email, sign out, sign in again; a wrong password shows the message", async ({ page, browser }) => {
    const email = `new-${unique()}@example.com`;
    const login = new LoginPage(page);
    await login.goto();

    await login.register({ email, password: PASSWORD, repeat: "something-else", firstName: "Nora", lastName: "Neu" });
    const repeat = login.registerForm().getByLabel(/^Repeat password( \*)?$/);
    await expect(repeat).toHaveAttribute("aria-invalid", "true");
    await expect(repeat).toBeFocused();
    await expect(login.registerForm()).toContainText("The passwords do not match");

    await login
      .registerForm()
      .getByLabel(/^Repeat password( \*)?$/)
      .fill(PASSWORD);
    await login.registerForm().getByRole("button", { name: "Create account" }).click();
    await expect(page.getByTestId("register-check-mail")).toContainText(CHECK_MAIL);
    await page.goto(await mailedLinkFor(email, "confirm-registration"));
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account and sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole("link", { name: "My account" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: /^Sign in$/ })).toHaveCount(0);

    const other = await browser.newContext();
    const again = await other.newPage();
    const login2 = new LoginPage(again);
    await login2.goto();
    await login2.register({ email, password: PASSWORD, firstName: "Nora", lastName: "Neu" });
    await expect(again.getByTestId("register-check-mail")).toContainText(CHECK_MAIL);
    await again.getByTestId("register-check-mail").getByRole("button", { name: "Sign in" }).click();
    await expect(login2.tab("signin")).toHaveAttribute("aria-selected", "true");
    await expect(again.getByLabel("Email")).toHaveValue(email);
    await other.close();

    await header(page).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await login.signIn(email, "not-my-password");
    await expect(login.error()).toHaveText("Invalid email or password");
    await login.signIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole("link", { name: "My account" })).toBeVisible();
  });

  test("forgot password: the mailed link sets a new password and signs in; the old password fails, the link is single use", async ({
    page,
    browser,
  }) => {
    const email = `reset-${unique()}@example.com`;
    await signUp(page.request, { email, password: PASSWORD, firstName: "Rita", lastName: "Reset" });
    await page.context().clearCookies();

    const login = new LoginPage(page);
    await login.goto();
    const confirmation = await login.requestReset(email);
    expect(confirmation.length).toBeGreaterThan(10);
    const link = await resetLinkFor(email);

    const fresh = await browser.newContext();
    const tab = await fresh.newPage();
    await tab.goto(link);
    await expect(tab.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();
    await tab.getByLabel(/^New password( \*)?$/).fill("short");
    await tab.getByLabel(/^Repeat new password( \*)?$/).fill("short");
    await tab.getByRole("button", { name: "Save password" }).click();
    await expect(tab.getByLabel(/^New password( \*)?$/)).toBeFocused();
    await expect(tab.getByText("Password must be at least 8 characters")).toBeVisible();
    const newPassword = "second-pass-456";
    await tab.getByLabel(/^New password( \*)?$/).fill(newPassword);
    await tab.getByLabel(/^Repeat new password( \*)?$/).fill(newPassword);
    await tab.getByRole("button", { name: "Save password" }).click();
    await expect(tab).toHaveURL(/\/account$/);
    await expect(tab.locator("[data-sonner-toast]").filter({ hasText: "Your new password is set and you are signed in" })).toBeVisible();
    await expect(tab.getByTestId("account-email")).toHaveText(email);

    const used = await fresh.newPage();
    await used.goto(link);
    await used.getByLabel(/^New password( \*)?$/).fill("third-pass-789");
    await used.getByLabel(/^Repeat new password( \*)?$/).fill("third-pass-789");
    await used.getByRole("button", { name: "Save password" }).click();
    await expect(used.getByTestId("reset-invalid")).toBeVisible();
    await used.getByRole("link", { name: "Request a new link" }).click();
    await expect(used.getByTestId("forgot-password")).toBeVisible();
    await fresh.close();

    await login.goto();
    await login.signIn(email, PASSWORD);
    await expect(login.error()).toHaveText("Invalid email or password");
    await login.signIn(email, newPassword);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole("link", { name: "My account" })).toBeVisible();
  });

  test("a delayed sign-in offers a one-time link by mail; the link signs in once", async ({ page, browser }) => {
    const email = `link-${unique()}@example.com`;
    await signUp(page.request, { email, password: PASSWORD, firstName: "Lea", lastName: "Link" });
    await page.context().clearCookies();
    const login = new LoginPage(page);
    await login.goto();
    // Others' failures first, so the owner lands in the third delay (8 s), which a slow machine cannot outlast.
    await login.signIn(email, PASSWORD, async () => {
      const guess = (i: number) => page.request.post("/api/auth/login", { data: { email, password: `wrong-${i}` } });
      for (let i = 0; i < 10; i++) await guess(i);
      for (let delayed = 0, i = 10; delayed < 3; i++) {
        const answer = await guess(i);
        if (answer.status() !== 429) delayed++;
        else await page.waitForTimeout(1000 * Number(answer.headers()["retry-after"] ?? 1));
      }
    });
    await expect(login.error()).toHaveText("Too many failed sign-in attempts. Please try again later.");
    await page.getByTestId("login-link-offer").click();
    const part = page.getByTestId("sign-in-link-request");
    await expect(part.getByRole("heading", { name: "Sign in with a link" })).toBeFocused();
    await expect(part.getByLabel(/^Email$/)).toHaveValue(email);
    await part.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(part.getByTestId("forgot-sent")).toHaveText("If an account exists for this email, we have sent a sign-in link.");
    const link = await mailedLinkFor(email, "sign-in-link");

    const fresh = await browser.newContext();
    const tab = await fresh.newPage();
    await tab.goto(link);
    await tab.getByRole("button", { name: "Sign in now" }).click();
    await expect(tab).toHaveURL(/\/$/);
    await expect(header(tab).getByRole("link", { name: "My account" })).toBeVisible();
    const used = await fresh.newPage();
    await used.goto(link);
    await used.getByRole("button", { name: "Sign in now" }).click();
    await expect(used.getByTestId("mailed-link-invalid")).toContainText("This link is invalid or has expired");
    await fresh.close();
  });

  test("the account page: signed out it asks to sign in; names persist after a reload; a wrong current password is a field error", async ({
    page,
  }) => {
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Faccount$/);
    await expect(new LoginPage(page).continueAsGuest()).toHaveAttribute("href", "/");

    const email = `acct-${unique()}@example.com`;
    const login = new LoginPage(page);
    await login.register({ email, password: PASSWORD, firstName: "Anna", lastName: "Alt" });
    await expect(page.getByTestId("register-check-mail")).toBeVisible();
    await page.goto(await mailedLinkFor(email, "confirm-registration"));
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account and sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    await expect(page.getByTestId("account-email")).toHaveText(email);

    const data = page.getByTestId("account-data-form");
    await expect(data.getByLabel(/^First name/)).toHaveValue("Anna");
    await data.getByLabel(/^Last name/).fill("");
    await data.getByRole("button", { name: "Save" }).click();
    await expect(data.getByLabel(/^Last name/)).toBeFocused();
    await expect(data.getByLabel(/^Last name/)).toHaveAttribute("aria-invalid", "true");
    await data.getByLabel(/^First name/).fill("Annika");
    await data.getByLabel(/^Last name/).fill("Neumann");
    await data.getByLabel(/^Phone/).fill("+49 30 555 1234");
    await data.getByRole("button", { name: "Save" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Your data has been saved" })).toBeVisible();
    await page.reload();
    await expect(data.getByLabel(/^First name/)).toHaveValue("Annika");
    await expect(data.getByLabel(/^Last name/)).toHaveValue("Neumann");
    await expect(data.getByLabel(/^Phone/)).toHaveValue("+49 30 555 1234");

    const pw = page.getByTestId("change-password-form");
    await pw.getByLabel(/^Current password/).fill("wrong-current-1");
    await pw.getByLabel(/^New password/).fill("brand-new-pass-1");
    await pw.getByLabel(/^Repeat new password/).fill("brand-new-pass-1");
    await pw.getByRole("button", { name: "Change password" }).click();
    const current = pw.getByLabel(/^Current password/);
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(current).toBeFocused();

    await current.fill(PASSWORD);
    await pw.getByRole("button", { name: "Change password" }).click();
    await expect(current).toHaveAttribute("aria-invalid", "false");
    await expect(current).toHaveValue("");
    await page.getByTestId("account-sign-out").click();
    await expect(page).toHaveURL(/\/login$/);
    await login.signIn(email, "brand-new-pass-1");
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/account");
    await page.getByRole("main").getByRole("link", { name: "My Orders" }).click();
    await expect(page).toHaveURL(/\/orders$/);
  });

  test("the account page: download my data as JSON; delete my account asks for the password, says what stays, and signs out", async ({
    page,
  }) => {
    const customer = await registerCustomer(page.request);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 2, name: "Your data and your account" })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("account-download-data").click()]);
    expect(download.suggestedFilename()).toMatch(/^mugmagic-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(await readFile(file, "utf8")) as { account: { email: string }; orders: unknown[] };
    expect(data.account.email).toBe(customer.email);
    expect(data.orders).toEqual([]);

    await page.getByTestId("account-delete-open").click();
    const dialog = page.getByTestId("account-delete-dialog");
    await expect(dialog.getByRole("heading", { name: "Delete your account?" })).toBeVisible();
    await expect(dialog).toContainText("§ 147 AO, § 257 HGB");
    await dialog.getByTestId("account-delete-confirm").click();
    await expect(dialog.getByLabel(/^Your password/)).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel(/^Your password/).fill("not-my-password");
    await dialog.getByTestId("account-delete-confirm").click();
    await expect(dialog).toContainText("The password is wrong.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await (await page.request.get("/api/auth/session")).json()) as { authenticated: boolean }).toMatchObject({
      authenticated: true,
    });

    await page.getByTestId("account-delete-open").click();
    await dialog.getByLabel(/^Your password/).fill("customer-pass-1");
    await dialog.getByTestId("account-delete-confirm").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Your account has been deleted." })).toBeVisible();
    expect((await (await page.request.get("/api/auth/session")).json()) as { authenticated: boolean }).toMatchObject({
      authenticated: false,
    });
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Faccount$/);
  });

  test("a paid order of an erased account stays for the books: the admin's order detail says 'Customer account erased'", async ({
    page,
    browser,
  }) => {
    const customer = await registerCustomer(page.request);
    const { orderId, orderNumber } = await paidOrderViaApi(page.request, customer);
    const erased = await page.request.delete("/api/user/account", { data: { password: "customer-pass-1" } });
    expect(erased.status(), await erased.text()).toBe(200);

    const context = await browser.newContext();
    const admin = await context.newPage();
    const login = new LoginPage(admin);
    await login.goto(`/admin/orders/${orderId}`);
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(admin.getByRole("heading", { level: 1 })).toContainText(orderNumber);
    await expect(admin.getByTestId("order-customer-erased")).toHaveText("Customer account erased");
    await expect(admin.getByTestId("order-shipping-address")).toContainText("Hauptstraße 5");
    await context.close();
  });
});

test.describe("shop header", () => {
  let dir = "";
  let photoPath = "";

  test.beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "accounts-e2e-"));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="100%" height="100%" fill="#87ceeb"/><circle cx="600" cy="450" r="260" fill="#f4c27a"/></svg>`;
    photoPath = path.join(dir, "photo.jpg");
    await writeFile(photoPath, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
  });

  test.afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("anonymous visitors see Sign in and no cart; the cart count shows 1 after adding a design, and the cart link works at 390 px through the folded header", async ({
    page,
  }) => {
    let summaryRequests = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/user/cart/summary")) summaryRequests++;
    });
    await page.setViewportSize({ width: 390, height: 844 });
    const editor = new EditorPage(page);
    await editor.goto("/");
    const banner = header(page);
    await expect(banner.getByTestId("header-cart")).toHaveCount(0);
    expect(summaryRequests).toBe(0);

    const menu = banner.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(banner.getByRole("link", { name: "My Images" })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(banner.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "My Images" })).toBeVisible();
    await expect(banner.getByRole("link", { name: /^Sign in$/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
    await expect(banner.getByRole("link", { name: "My Images" })).toBeHidden();

    await editor.upload(photoPath);
    await editor.next();
    await editor.chooseStyle("Watercolour");
    await editor.next();
    await editor.chooseMug("Classic Mug 250", "Red inside");
    await editor.next();
    await editor.fillPersonal({ email: `header-${unique()}@example.com`, firstName: "Hana", lastName: "Header" });
    await editor.next();
    await editor.generate();
    await expect(editor.generatedImages().first()).toBeVisible();
    await editor.next();
    await editor.expectPreview();
    await editor.addToCart();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(banner.getByTestId("header-cart-count")).toHaveText("1");
    await expect(banner.getByTestId("header-cart")).toHaveAccessibleName("Cart, 1 item");

    await menu.click();
    await expect(banner.getByRole("link", { name: /^Sign in$/ })).toBeVisible();
    await expect(banner.getByRole("link", { name: "My account" })).toHaveCount(0);
    await banner.getByRole("link", { name: "Design Mug" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(banner.getByTestId("header-cart-count")).toHaveText("1");
    await banner.getByTestId("header-cart").click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(new CartPage(page).items()).toHaveCount(1);

    await page.setViewportSize({ width: 360, height: 740 });
    for (const url of ["/", "/cart", "/login", "/account", "/reset-password?token=x"]) {
      await page.goto(url);
      await expect(page.locator("body")).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, url).toBeLessThanOrEqual(360);
    }
  });
});
