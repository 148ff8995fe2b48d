import { expect, test, type Page } from "./fixtures";
import { mailedLinkFor } from "./helpers/outbox";
import { ADMIN, LoginPage } from "./pages/login-page";
import { E2E_SELLER } from "./helpers/seller";

const PHONE = { width: 360, height: 740 };
const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const row = (page: Page, email: string) => page.getByTestId("staff-table").locator(`tr[data-email="${email}"]`);

async function signInAsOwner(page: Page, callbackUrl?: string) {
  const login = new LoginPage(page);
  await login.goto(callbackUrl);
  await login.signIn(ADMIN.email, ADMIN.password);
}

test.describe("staff accounts", () => {
  test("the owner invites, the invitee joins with a restricted back office, the owner removes them", async ({ page, browser }) => {
    const email = `staff-e2e-${Date.now()}@example.com`;
    await signInAsOwner(page);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Staff", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Staff", exact: true })).toBeVisible();
    await expect(row(page, ADMIN.email)).toContainText("Owner");

    const form = page.getByTestId("staff-invite-form");
    await form.getByLabel(/^Email/).fill("not-an-email");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(form.getByText(/valid email/i)).toBeVisible();
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel("First name (optional)").fill("Nia");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(toast(page, `Invitation sent to ${email}.`)).toBeVisible();
    await expect(row(page, email)).toContainText("Invited");

    const invitee = await browser.newContext();
    const staffPage = await invitee.newPage();
    await staffPage.goto(await mailedLinkFor(email, "staff-invite"));
    await expect(staffPage.getByRole("heading", { name: `Join the ${E2E_SELLER.SELLER_NAME} back office` })).toBeVisible();
    await expect(staffPage.getByText(email)).toBeVisible();
    await staffPage.getByLabel(/^Password/).fill("staff-e2e-Secret-1");
    await staffPage.getByRole("button", { name: "Accept invitation" }).click();
    await expect(staffPage).toHaveURL(/\/admin\/orders$/);

    const nav = staffPage.getByRole("navigation", { name: "Admin navigation" });
    for (const entry of ["Open orders", "Order history", "Customers", "Mail outbox"])
      await expect(nav.getByRole("link", { name: entry })).toBeVisible();
    for (const entry of ["Overview", "Settings", "Staff", "Discount codes", "VAT rates", "Articles", "Prompts"])
      await expect(nav.getByRole("link", { name: entry, exact: true })).toHaveCount(0);
    await nav.getByRole("link", { name: "Mail outbox" }).click();
    await expect(staffPage.getByRole("heading", { name: "Mail outbox" })).toBeVisible();
    await expect(staffPage.locator("[data-row-action=resend]")).toHaveCount(0);
    await nav.getByRole("link", { name: "Open orders" }).click();
    await expect(staffPage.getByTestId("order-export")).toHaveCount(0);
    for (const path of ["/admin", "/admin/settings", "/admin/staff", "/admin/discount-codes"]) {
      await staffPage.goto(path);
      await expect(staffPage).toHaveURL(/\/admin\/orders$/);
    }

    await page.reload();
    await expect(row(page, email)).toContainText("Active");
    await row(page, email).getByRole("button", { name: "Remove" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Their sessions end at once");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, "Removed from the staff.")).toBeVisible();
    await expect(row(page, email)).toHaveCount(0);
    await staffPage.goto("/admin/orders");
    await expect(staffPage).toHaveURL(/\/login\?callbackUrl=/);
    await invitee.close();
  });

  test("in German on a phone: invite, withdraw an invitation, accept a link; the folded menu lists staff entries only", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(PHONE);
    const email = `staff-e2e-de-${Date.now()}@example.com`;
    const withdrawn = `staff-e2e-gone-${Date.now()}@example.com`;
    await signInAsOwner(page, "/admin/staff");
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await page.getByTestId("language-switch").first().selectOption("de");
    await expect(page.getByRole("heading", { name: "Mitarbeitende", exact: true })).toBeVisible();

    const form = page.getByTestId("staff-invite-form");
    for (const address of [email, withdrawn]) {
      await form.getByLabel(/^E-Mail/).fill(address);
      await form.getByRole("button", { name: "Einladung senden" }).click();
      await expect(toast(page, `Einladung an ${address} gesendet.`)).toBeVisible();
    }
    await expect(row(page, withdrawn)).toContainText("Eingeladen");
    await row(page, withdrawn).getByRole("button", { name: "Einladung zurückziehen" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Einladung zurückziehen" }).click();
    await expect(toast(page, "Einladung zurückgezogen.")).toBeVisible();
    await expect(row(page, withdrawn)).toHaveCount(0);

    const invitee = await browser.newContext({ viewport: PHONE, locale: "de-DE" });
    const staffPage = await invitee.newPage();
    await staffPage.goto(await mailedLinkFor(withdrawn, "staff-invite"));
    await expect(staffPage.getByTestId("staff-invite-invalid")).toBeVisible();

    await staffPage.goto(await mailedLinkFor(email, "staff-invite"));
    await staffPage.getByTestId("language-switch").first().selectOption("de");
    await expect(staffPage.getByRole("heading", { name: `Dem ${E2E_SELLER.SELLER_NAME}-Backoffice beitreten` })).toBeVisible();
    await staffPage.getByLabel(/^Passwort/).fill("staff-e2e-Secret-2");
    await staffPage.getByRole("button", { name: "Einladung annehmen" }).click();
    await expect(staffPage).toHaveURL(/\/admin\/orders$/);
    await staffPage.getByRole("button", { name: /Menü|Menu/ }).click();
    const nav = staffPage.getByRole("navigation", { name: "Verwaltungsnavigation" });
    await expect(nav.getByRole("link", { name: "Kunden" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Einstellungen" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Mitarbeitende" })).toHaveCount(0);
    await invitee.close();
  });
});
