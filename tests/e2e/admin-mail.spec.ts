import { expect, test, type Page } from "./fixtures";
import { ADMIN, LoginPage } from "./pages/login-page";
import { paidGuestOrder } from "./pages/shop-setup";

const rows = (page: Page) => page.getByTestId("mail-row");
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test.describe("admin mail outbox", () => {
  test("find the order confirmation, open its order, resend it; German and phone width", async ({ page, request }) => {
    const { email, orderId, orderNumber } = await paidGuestOrder(request);

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("link", { name: "Mail outbox" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mail outbox" })).toBeVisible();

    await page.getByTestId("list-search").fill(orderNumber);
    await expect(page).toHaveURL(new RegExp(`q=${orderNumber}`));
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByTestId("mail-to")).toHaveText(email);
    await expect(row.getByTestId("mail-subject")).toContainText(orderNumber);
    await expect(row.getByTestId("mail-status")).toHaveText("Sent");
    await expect(row.getByTestId("mail-attempts")).toHaveText("1 attempt");
    await expect(row).toContainText("Order confirmation");
    await expect(row.getByTestId("mail-order-link")).toHaveText(orderNumber);
    await expect(row.getByTestId("mail-order-link")).toHaveAttribute("href", `/admin/orders/${orderId}`);

    await row.getByRole("button", { name: `Resend the mail to ${email}` }).click();
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog).toContainText(`Send this mail to ${email} again?`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(1);
    await row.getByRole("button", { name: `Resend the mail to ${email}` }).click();
    await dialog.getByRole("button", { name: "Resend" }).click();
    await expect(toast(page, `The mail was sent to ${email} again.`)).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).getByTestId("mail-status")).toHaveText(["Sent", "Sent"]);

    await page.getByTestId("list-filter-status").selectOption("failed");
    await expect(page.getByTestId("mail-no-results")).toContainText("Nothing matches these filters.");
    await page.getByTestId("list-filter-status").selectOption("sent");
    await expect(rows(page)).toHaveCount(2);

    await page.getByTestId("language-switch").first().selectOption("de");
    await expect(page.getByRole("heading", { level: 1, name: "Postausgang" })).toBeVisible();
    await expect(rows(page).first().getByTestId("mail-status")).toHaveText("Gesendet");
    await expect(rows(page).first().getByTestId("mail-attempts")).toHaveText("1 Versuch");
    await expect(
      rows(page)
        .first()
        .getByRole("button", { name: `E-Mail an ${email} erneut senden` }),
    ).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rows(page).first().getByRole("button", { name: "Erneut senden" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
