import { expect, test } from "./fixtures";
import { mailedLinkFor } from "./helpers/outbox";
import { OrdersPage } from "./pages/orders-page";
import { OrderStatusPage, orderLinkFromOutbox } from "./pages/order-status-page";
import { freshPage, shoot } from "./pages/shop-pages";
import { paidGuestOrder } from "./pages/shop-setup";

test.describe("guest order link", () => {
  test("the mailed link opens in a fresh browser: status, invoice, set a password → mailed confirmation → signed in, order under My orders (EN + DE)", async ({
    request,
    browser,
    baseURL,
  }) => {
    const { email, orderNumber } = await paidGuestOrder(request);
    const { path: linkPath, mail } = await orderLinkFromOutbox(orderNumber, /order-status/);
    expect(mail).toContain("View your order");
    expect(mail).toContain("(White)");
    expect(mail).not.toMatch(/inside #/);

    const page = await freshPage(browser, baseURL);
    const status = new OrderStatusPage(page);
    await status.open(linkPath);
    await expect(status.orderNumber()).toHaveText(`Order ${orderNumber}`);
    await expect(status.status()).toHaveText("Pending");
    await expect(status.paymentStatus()).toHaveText("Paid");
    await expect(status.items()).toHaveCount(1);
    await expect(status.items().first()).toContainText("Colour: White");
    await expect
      .poll(() =>
        status
          .items()
          .first()
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await expect(page.getByTestId("shipping-address")).toContainText("Berlin");
    await expect(status.cancelButton()).toBeVisible();
    await expect(status.passwordForm()).toContainText(email);

    const download = page.waitForEvent("download");
    await status.invoiceButton().click();
    expect((await download).suggestedFilename()).toMatch(/^RE-\d{4}-\d{6}\.pdf$/);
    await expect(status.toast("Invoice downloaded")).toBeVisible();

    await shoot(page, "order-status-en", 1280);
    await shoot(page, "order-status-en", 390);

    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "de", url: baseURL ?? "" }]);
    await page.reload();
    await expect(status.orderNumber()).toHaveText(`Bestellung ${orderNumber}`);
    await expect(status.status()).toHaveText("Offen");
    await expect(status.items().first()).toContainText("Farbe: White");
    await shoot(page, "order-status-de", 1280);
    await shoot(page, "order-status-de", 390);

    await page.setViewportSize({ width: 1280, height: 900 });
    await status.setPassword("kurz");
    await expect(status.passwordForm()).toContainText("Das Passwort muss mindestens 8 Zeichen lang sein");
    await expect(status.passwordForm().getByTestId("set-password-input")).toBeFocused();
    await status.setPassword("mein-neues-passwort", "mein-anderes-passwort");
    await expect(status.passwordForm()).toContainText("Die Passwörter stimmen nicht überein");
    await expect(status.passwordForm().getByTestId("set-password-repeat")).toBeFocused();
    await status.setPassword("mein-neues-passwort");
    await expect(status.checkMail()).toContainText("Schau in dein Postfach");
    await expect(status.checkMail()).toContainText(email);
    await expect(status.passwordForm()).toHaveCount(0);

    await page.goto(await mailedLinkFor(email, "confirm-registration"));
    await page.getByLabel(/^Passwort/).fill("mein-neues-passwort");
    await page.getByRole("button", { name: "Konto anlegen und anmelden" }).click();
    await expect(status.toast("Dein Konto ist angelegt und du bist angemeldet.")).toBeVisible();
    await expect(page).not.toHaveURL(/confirm-registration/);
    await page.goto("/orders");
    const orders = new OrdersPage(page);
    await expect(orders.heading()).toBeVisible();
    await expect(orders.card(orderNumber)).toBeVisible();
    await expect(orders.paymentStatus(orderNumber)).toHaveText("Bezahlt");

    await status.open(linkPath);
    await expect(status.orderNumber()).toHaveText(`Bestellung ${orderNumber}`);
    await expect(status.passwordForm()).toHaveCount(0);
    await expect(page.getByTestId("account-exists")).toBeVisible();
    await page.context().close();
  });

  test("cancel from the link while pending: confirmed in a dialog, refunded, credit note offered", async ({
    request,
    browser,
    baseURL,
  }) => {
    const { orderNumber } = await paidGuestOrder(request);
    const { path: linkPath } = await orderLinkFromOutbox(orderNumber, /order-status/);
    const page = await freshPage(browser, baseURL);
    const status = new OrderStatusPage(page);
    await status.open(linkPath);
    await expect(status.status()).toHaveText("Pending");
    await status.cancelButton().click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Keep order" }).click();
    await expect(status.status()).toHaveText("Pending");
    await status.cancel();
    await expect(status.toast(`Order ${orderNumber} cancelled`)).toBeVisible();
    await expect(status.status()).toHaveText("Cancelled");
    await expect(status.paymentStatus()).toHaveText("Refunded");
    await expect(status.cancelButton()).toHaveCount(0);
    await expect(status.creditNoteButton()).toHaveCount(1);
    await page.reload();
    await expect(status.status()).toHaveText("Cancelled");
    await orderLinkFromOutbox(orderNumber, /has been cancelled/);
    await page.context().close();
  });

  test("an invalid or expired link shows a friendly page with a way to sign in", async ({ browser, baseURL }) => {
    const page = await freshPage(browser, baseURL);
    const status = new OrderStatusPage(page);
    await status.open(`/order-status/${"A".repeat(48)}`);
    await expect(status.invalid()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "This link is invalid or has expired" })).toBeVisible();
    await expect(status.invalid().getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login?callbackUrl=%2Forders");
    await shoot(page, "order-status-invalid-en", 390);
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "de", url: baseURL ?? "" }]);
    await status.open("/order-status/kaputt");
    await expect(page.getByRole("heading", { level: 1, name: "Dieser Link ist ungültig oder abgelaufen" })).toBeVisible();
    await shoot(page, "order-status-invalid-de", 1280);
    await page.context().close();
  });
});
