import { expect, test } from "./fixtures";
import { ADMIN, LoginPage } from "./pages/login-page";
import { paidOrderViaApi, registerCustomer } from "./pages/shop-setup";
import { AdminOrdersPage } from "./pages/admin-orders-page";

test.describe("admin orders in German", () => {
  test("Bestellung bearbeiten, mit Sendungsnummer abschließen und als zugestellt markieren", async ({ page, browser }) => {
    const customer = await registerCustomer(page.request);
    const { orderId, orderNumber } = await paidOrderViaApi(page.request, {
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
    });

    const context = await browser.newContext();
    const adminPage = await context.newPage();
    const login = new LoginPage(adminPage);
    await login.goto("/admin/orders");
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(adminPage).toHaveURL(/\/admin\/orders$/);
    const orders = new AdminOrdersPage(adminPage);
    // The switch answers once the page is interactive (a change before hydration is lost): retried until German.
    await expect(async () => {
      await adminPage.getByTestId("language-switch").first().selectOption("de");
      await expect(orders.heading()).toHaveText("Offene Bestellungen", { timeout: 2_000 });
    }).toPass();
    await expect(
      adminPage.getByRole("navigation", { name: "Verwaltungsnavigation" }).getByRole("link", { name: "Bestellhistorie" }),
    ).toBeVisible();

    await orders.search(orderNumber);
    await expect(orders.exportLink()).toHaveText("Excel (DE)");
    await expect(adminPage.getByTestId("order-export-other")).toHaveText("CSV");
    await expect(adminPage.getByTestId("order-export-other")).toHaveAttribute(
      "href",
      `/api/admin/orders/export?status=open&q=${orderNumber}&format=csv`,
    );
    const excel = await adminPage.request.get((await orders.exportLink().getAttribute("href")) ?? "");
    expect(await excel.text()).toMatch(/^\uFEFF"Bestellnummer";"Rechnungsnummern";/);
    await adminPage.screenshot({ path: test.info().outputPath("orders-export-de.png") });
    const row = orders.row(orderNumber);
    await expect(row.getByTestId("order-status")).toHaveText("Offen");
    await expect(row.getByTestId("order-payment-status")).toHaveText("Bezahlt");
    await expect(orders.rowAction(orderNumber, "process")).toHaveAccessibleName(`Bestellung bearbeiten: ${orderNumber}`);
    await expect(orders.sum("total")).toHaveText(/^\d+,\d{2}\s€$/);

    await orders.open("process", orderNumber);
    await expect(orders.dialog()).toContainText(`Bestellung ${orderNumber} bearbeiten?`);
    await orders.dialog().getByRole("button", { name: "Abbrechen" }).click();
    await expect(orders.dialog()).toBeHidden();
    await expect(row.getByTestId("order-status")).toHaveText("Offen");
    await orders.open("process", orderNumber);
    await orders.dialog().getByRole("button", { name: "Bestellung bearbeiten" }).click();
    await expect(orders.toast(`Bestellung ${orderNumber} ist in Produktion`)).toBeVisible();
    await expect(row.getByTestId("order-status")).toHaveText("In Bearbeitung");

    await orders.openDetail(orderNumber);
    await expect(orders.heading()).toHaveText(`Bestellung ${orderNumber}`);
    await orders.open("complete");
    await expect(orders.dialog().getByLabel("Sendungsnummer (optional)")).toBeVisible();
    await orders.field("trackingNumber").fill("JJD#0001");
    await orders.confirm();
    await expect(orders.fieldError("trackingNumber")).toHaveText(
      "Die Sendungsnummer darf nur Buchstaben, Ziffern, Leerzeichen und . _ / - enthalten.",
    );
    await orders.field("carrier").fill("Deutsche Post DHL");
    await orders.field("trackingNumber").fill("JJD 0001 2345 6789");
    await orders.dialog().getByRole("button", { name: "Als versandt markieren" }).click();
    await expect(orders.toast(`Bestellung ${orderNumber} als versandt markiert`)).toBeVisible();
    await expect(orders.status()).toHaveText("Versandt");
    await expect(orders.section("order-fulfilment").getByTestId("order-tracking-number")).toHaveText("JJD 0001 2345 6789");
    await expect(orders.timelineEvent("shipped")).toContainText("Versandt");
    await expect(orders.timelineEvent("shipped")).toContainText("In Bearbeitung → Versandt");
    await expect(orders.timelineEvent("processed")).toContainText("Produktion begonnen");
    await expect(orders.section("order-documents")).toContainText("Rechnung");

    await orders.open("deliver");
    await orders.confirm();
    await expect(orders.toast(`Bestellung ${orderNumber} als zugestellt markiert`)).toBeVisible();
    await expect(orders.status()).toHaveText("Zugestellt");
    await expect(orders.detailAction("deliver")).toHaveCount(0);

    await adminPage.setViewportSize({ width: 390, height: 844 });
    const overflow = () => adminPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await orders.gotoDetail(orderId);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await orders.gotoHistory({ q: orderNumber });
    await expect(orders.row(orderNumber).getByTestId("order-status")).toHaveText("Zugestellt");
    expect(await overflow()).toBeLessThanOrEqual(0);
    await context.close();
  });
});
