import { expect, test } from "./fixtures";
import { mailedLinkFor } from "./helpers/outbox";
import { OrdersPage } from "./pages/orders-page";
import { OrderStatusPage, orderLinkFromOutbox } from "./pages/order-status-page";
import { freshPage, shoot } from "./pages/shop-pages";
import { paidGuestOrder } from "./pages/shop-setup";

/**
 * The guest order link (issue 11 §1): a guest pays an order (through the real API, as the checkout
 * does), the receipt in the outbox carries the signed link; a FRESH browser (no cookie of the guest)
 * opens it, sees status, lines and totals, downloads the invoice, cancels while allowed, chooses a
 * password, confirms it with the link mailed to the address and is then signed in with the order under
 * My orders. An invalid link shows a friendly page.
 * Screenshots in English and German at 1280 and 390 px.
 */

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
    // The design thumbnail loads through the link (no session in this browser).
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

    // German.
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "de", url: baseURL ?? "" }]);
    await page.reload();
    await expect(status.orderNumber()).toHaveText(`Bestellung ${orderNumber}`);
    await expect(status.status()).toHaveText("Offen");
    // The line keeps the colour name of the language the order was placed in (a snapshot).
    await expect(status.items().first()).toContainText("Farbe: White");
    await shoot(page, "order-status-de", 1280);
    await shoot(page, "order-status-de", 390);

    // Set a password: the repeat must match; then "check your mail" (the order link proves no mailbox).
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

    // The link mailed to the address sets the password once it is entered again there; then signed in.
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

    // The link still shows the order; the account has a password now, so it offers to sign in instead.
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
    // Keeping the order closes the dialog and changes nothing.
    await status.cancelButton().click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Keep order" }).click();
    await expect(status.status()).toHaveText("Pending");
    await status.cancel();
    await expect(status.toast(`Order ${orderNumber} cancelled`)).toBeVisible();
    await expect(status.status()).toHaveText("Cancelled");
    await expect(status.paymentStatus()).toHaveText("Refunded");
    await expect(status.cancelButton()).toHaveCount(0);
    await expect(status.creditNoteButton()).toHaveCount(1);
    // A reload shows the same (the server's state), and the cancellation mail carries the link too.
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
