import { expect, test, type Browser, type Page } from "./fixtures";
import { CartPage } from "./pages/cart-page";
import { CheckoutPage, OrderSuccessPage, TEST_CARDS } from "./pages/checkout-page";
import { OrdersPage } from "./pages/orders-page";
import { ADMIN, LoginPage } from "./pages/login-page";
import { designInCart, paidOrderViaApi, registerCustomer } from "./pages/shop-setup";
import { AdminOrdersPage } from "./pages/admin-orders-page";

async function adminPage(browser: Browser, path: string): Promise<{ page: Page; orders: AdminOrdersPage; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto(path);
  await login.signIn(ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
  return { page, orders: new AdminOrdersPage(page), close: () => context.close() };
}

test.describe("admin orders", () => {
  test("a customer pays; the admin processes it and marks it completed with a tracking number; the customer sees it shipped and gets the invoice", async ({
    page,
    browser,
  }) => {
    await registerCustomer(page.request);
    const { mug } = await designInCart(page.request, "customer");
    const cart = new CartPage(page);
    await cart.goto();
    await cart.checkout();
    const checkout = new CheckoutPage(page);
    await checkout.fillAddress("shipping", { street1: "Hauptstraße 5", city: "Berlin", postalCode: "10115" });
    await checkout.fillCard(TEST_CARDS.success);
    await checkout.acceptWaiver();
    await checkout.pay();
    const { orderId, orderNumber } = await new OrderSuccessPage(page).expectShown();

    const admin = await adminPage(browser, "/admin/orders");
    const orders = admin.orders;
    await expect(orders.heading()).toHaveText("Open orders");
    await expect(
      admin.page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Open orders" }),
    ).toHaveAttribute("aria-current", "page");
    await orders.search(orderNumber);
    await expect(orders.rows()).toHaveCount(1);
    const row = orders.row(orderNumber);
    await expect(row.getByTestId("order-status")).toHaveText("Pending");
    await expect(row.getByTestId("order-payment-status")).toHaveText("Paid");
    await expect(row).toContainText("Clara Schmidt");
    await expect(orders.sum("orders")).toHaveText("1");
    await expect(orders.exportLink()).toHaveAttribute("href", `/api/admin/orders/export?status=open&q=${orderNumber}`);
    await expect(orders.rowAction(orderNumber, "complete")).toHaveCount(0);

    await orders.open("process", orderNumber);
    await expect(orders.dialog()).toContainText(`Process order ${orderNumber}?`);
    await orders.confirm();
    await expect(orders.toast(`Order ${orderNumber} is in production`)).toBeVisible();
    await expect(orders.dialog()).toBeHidden();
    await expect(row.getByTestId("order-status")).toHaveText("Processing");
    await expect(orders.rowAction(orderNumber, "process")).toHaveCount(0);

    await orders.open("complete", orderNumber);
    await orders.field("trackingNumber").fill("00340434#1612");
    await orders.confirm();
    await expect(orders.fieldError("trackingNumber")).toHaveText(
      "The tracking number may contain only letters, digits, spaces and . _ / -",
    );
    await expect(orders.field("trackingNumber")).toBeFocused();
    await orders.field("carrier").fill("DHL");
    await orders.field("trackingNumber").fill("00340434161234567890");
    await orders.confirm();
    await expect(orders.toast(`Order ${orderNumber} marked as shipped`)).toBeVisible();
    await expect(orders.noResults()).toBeVisible();

    await admin.page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Order history" }).click();
    await expect(orders.heading()).toHaveText("Order history");
    await orders.search(orderNumber);
    await expect(orders.row(orderNumber).getByTestId("order-status")).toHaveText("Shipped");
    await expect(orders.row(orderNumber).getByTestId("order-tracking")).toHaveText("00340434161234567890");
    await expect(orders.exportLink()).toHaveAttribute("href", `/api/admin/orders/export?status=completed&q=${orderNumber}`);

    await orders.openDetail(orderNumber);
    await expect(admin.page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
    await expect(orders.heading()).toHaveText(`Order ${orderNumber}`);
    await expect(orders.status()).toHaveText("Shipped");
    await expect(orders.paymentStatus()).toHaveText("Paid");
    await expect(orders.section("order-fulfilment").getByTestId("order-tracking-number")).toHaveText("00340434161234567890");
    await expect(orders.section("order-fulfilment")).toContainText("DHL");
    await expect(orders.section("order-customer")).toContainText("Hauptstraße 5");
    await expect(orders.section("order-customer")).toContainText("Germany");
    await expect(orders.section("order-lines")).toContainText(mug.name);
    await expect(orders.detailAction("deliver")).toBeVisible();
    await expect(orders.detailAction("process")).toHaveCount(0);
    const invoice = orders.section("order-documents").getByTestId("order-invoice");
    await expect(invoice).toContainText(/RE-\d{4}-\d{6}/);
    const types = await orders.timelineEvents().evaluateAll((els) => els.map((e) => e.getAttribute("data-type")));
    expect(types).toEqual(expect.arrayContaining(["placed", "paid", "processed", "shipped"]));
    expect(types.indexOf("paid")).toBeLessThan(types.indexOf("processed"));
    expect(types.indexOf("processed")).toBeLessThan(types.indexOf("shipped"));
    await expect(orders.timelineEvent("processed")).toContainText("Production started");
    await expect(orders.timelineEvent("processed")).toContainText("Admin · admin@example.com");
    await expect(orders.timelineEvent("processed")).toContainText("Pending → Processing");
    await expect(orders.timelineEvent("paid")).toContainText("Payment received");

    const sheet = orders.productionSheets().first();
    await expect(sheet.getByTestId("production-design")).toBeVisible();
    await expect(sheet.getByTestId("production-style")).not.toHaveText("Unknown");
    await expect(sheet.getByTestId("production-prompt")).not.toBeEmpty();
    await expect(sheet.getByTestId("production-dpi")).toContainText("DPI");
    await expect(sheet.getByTestId("production-source-resolution")).toContainText(/^[\d,]+ × [\d,]+ px · \d+ DPI at print size$/);
    await expect(sheet.getByTestId("production-print-resolution")).toContainText(
      /^[\d,]+ × [\d,]+ px · 300 DPI on [\d.]+ × [\d.]+ mm · (upscaled ×\d\.\d\d|not upscaled)$/,
    );
    await expect(sheet.getByTestId("withdrawal-note")).toContainText("The customer confirmed this at checkout");
    await admin.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await sheet.getByTestId("copy-prompt").click();
    await expect(orders.toast("Prompt copied")).toBeVisible();
    expect(await admin.page.evaluate(() => navigator.clipboard.readText())).toBe(
      await sheet.getByTestId("production-prompt").textContent(),
    );

    for (const link of [sheet.getByTestId("production-print-pdf"), invoice.getByRole("link")]) {
      const res = await admin.page.request.get((await link.getAttribute("href")) ?? "");
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toContain("application/pdf");
    }
    await admin.close();

    const mine = new OrdersPage(page);
    await mine.goto();
    await expect(mine.status(orderNumber)).toHaveText("Shipped");
    await expect(mine.card(orderNumber)).toContainText("00340434161234567890");
    const download = page.waitForEvent("download");
    await mine.card(orderNumber).getByTestId("invoice-button").click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expect(mine.toast("Invoice downloaded")).toBeVisible();
  });

  test("the admin cancels a paid order in production with a reason and refunds part of another; the credit notes appear", async ({
    page,
    browser,
  }) => {
    const customer = await registerCustomer(page.request);
    const contact = { email: customer.email, firstName: customer.firstName, lastName: customer.lastName };
    const first = await paidOrderViaApi(page.request, contact);
    const second = await paidOrderViaApi(page.request, contact);

    const admin = await adminPage(browser, `/admin/orders/${first.orderId}`);
    const orders = admin.orders;
    await expect(orders.heading()).toHaveText(`Order ${first.orderNumber}`);
    await expect(orders.status()).toHaveText("Pending");
    const processed = await admin.page.request.post(`/api/admin/orders/${first.orderId}/process`);
    expect(processed.status(), await processed.text()).toBe(200);
    await orders.open("process");
    await orders.confirm();
    await expect(orders.toast("Failed to save. Please try again.")).toContainText(
      "This order cannot be changed this way while it is processing.",
    );
    await expect(orders.dialog()).toBeHidden();
    await expect(orders.status()).toHaveText("Processing");
    await expect(orders.detailAction("process")).toHaveCount(0);

    await orders.open("cancel");
    await expect(orders.dialog().getByTestId("cancel-refund-note")).toContainText(
      "are refunded to the customer and a credit note is issued",
    );
    await orders.confirm();
    await expect(orders.fieldError("reason")).toHaveText("Please give a reason.");
    await orders.field("reason").fill("The customer asked by phone");
    await orders.confirm();
    await expect(orders.toast(`Order ${first.orderNumber} cancelled`)).toBeVisible();
    await expect(orders.status()).toHaveText("Cancelled");
    await expect(orders.paymentStatus()).toHaveText("Refunded");
    await expect(orders.section("order-fulfilment").getByTestId("order-cancel-reason")).toHaveText("The customer asked by phone");
    await expect(orders.section("order-documents").getByTestId("order-credit-note")).toHaveCount(1);
    await expect(orders.timelineEvent("cancelled")).toContainText("The customer asked by phone");
    await expect(orders.timelineEvent("cancelled")).toContainText("Processing → Cancelled");
    await expect(orders.detailAction("cancel")).toHaveCount(0);
    await expect(orders.detailAction("refund")).toHaveCount(0);

    await orders.gotoDetail(second.orderId);
    const refundable = (await orders.section("order-payments").getByTestId("order-refundable").textContent()) ?? "";
    await orders.open("refund");
    await orders.dialog().getByLabel("A part of it").check();
    await orders.field("amountCents").fill("100000");
    await orders.field("refund-reason").fill("Scratch on the handle");
    await orders.confirm();
    await expect(orders.fieldError("amountCents")).toHaveText(`The refund exceeds what was paid and not yet refunded (${refundable}).`);
    await orders.field("amountCents").fill("5.00");
    await orders.confirm();
    await expect(orders.toast(`Refund for order ${second.orderNumber} started`)).toBeVisible();
    await expect(orders.paymentStatus()).toHaveText("Partially refunded");
    await expect(orders.section("order-payments").getByTestId("order-refunded")).toHaveText("€5.00");
    await expect(orders.section("order-payments").getByTestId("order-refund")).toContainText("Scratch on the handle");
    const creditNote = orders.section("order-documents").getByTestId("order-credit-note");
    await expect(creditNote).toContainText("€5.00");
    const res = await admin.page.request.get((await creditNote.getByRole("link").getAttribute("href")) ?? "");
    expect(res.headers()["content-type"]).toContain("application/pdf");

    await orders.gotoHistory();
    await orders.statusTab("Cancelled").click();
    await expect(admin.page).toHaveURL(/status=cancelled/);
    await orders.search(first.orderNumber);
    await expect(orders.row(first.orderNumber).getByTestId("order-status")).toHaveText("Cancelled");
    await expect(orders.row(first.orderNumber).getByTestId("order-payment-status")).toHaveText("Refunded");
    await expect(orders.exportLink()).toHaveAttribute("href", `/api/admin/orders/export?status=cancelled&q=${first.orderNumber}`);
    const csv = await admin.page.request.get((await orders.exportLink().getAttribute("href")) ?? "");
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain(first.orderNumber);
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    await admin.page.getByTestId("order-filter-from").fill(tomorrow);
    await expect(admin.page).toHaveURL(new RegExp(`from=${tomorrow}`));
    await expect(orders.noResults()).toBeVisible();
    await expect(orders.exportLink()).toHaveAttribute(
      "href",
      `/api/admin/orders/export?status=cancelled&q=${first.orderNumber}&from=${tomorrow}`,
    );
    await admin.close();

    const mine = new OrdersPage(page);
    await mine.goto();
    await expect(mine.status(first.orderNumber)).toHaveText("Cancelled");
    await expect(mine.card(first.orderNumber).getByTestId("credit-note-button")).toHaveCount(1);
    await expect(mine.card(second.orderNumber).getByTestId("credit-note-button")).toHaveCount(1);
  });
});
