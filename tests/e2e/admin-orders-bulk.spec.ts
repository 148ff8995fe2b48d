import { expect, test } from "./fixtures";
import { ADMIN, LoginPage } from "./pages/login-page";
import { paidOrderViaApi, registerCustomer } from "./pages/shop-setup";
import { AdminOrdersPage } from "./pages/admin-orders-page";

test("bulk selection: print ZIP, process with a partial failure, mark shipped with one carrier", async ({ page, browser }) => {
  const customer = await registerCustomer(page.request);
  const first = await paidOrderViaApi(page.request, customer);
  const second = await paidOrderViaApi(page.request, customer);

  const context = await browser.newContext();
  const admin = await context.newPage();
  const login = new LoginPage(admin);
  await login.goto("/admin/orders?status=pending");
  await login.signIn(ADMIN.email, ADMIN.password);
  const orders = new AdminOrdersPage(admin);
  await expect(admin.getByTestId("order-status-filter").getByRole("link", { name: "Pending" })).toHaveAttribute("aria-current", "page");
  await orders.search(customer.email);
  await expect(orders.rows()).toHaveCount(2);

  const bar = admin.getByTestId("order-bulk-bar");
  await expect(bar.getByTestId("order-bulk-count")).toHaveText("None selected");
  await orders
    .row(first.orderNumber)
    .getByRole("checkbox", { name: `Select order ${first.orderNumber}` })
    .check();
  await expect(bar.getByTestId("order-bulk-count")).toHaveText("1 selected");
  await bar.getByTestId("order-select-all").check();
  await expect(bar.getByTestId("order-bulk-count")).toHaveText("2 selected");
  await expect(bar.getByTestId("order-bulk-ship")).toBeDisabled();

  const download = admin.waitForEvent("download");
  await bar.getByTestId("order-bulk-zip").click();
  const sorted = [first.orderNumber, second.orderNumber].sort();
  expect((await download).suggestedFilename()).toBe(`print-${sorted[0]}-${sorted[1]}.zip`);

  const processed = await admin.request.post(`/api/admin/orders/${first.orderId}/process`);
  expect(processed.status()).toBe(200);
  await bar.getByTestId("order-bulk-process").click();
  await expect(orders.toast("1 done, 1 not changed:")).toBeVisible();
  const failures = admin.getByTestId("order-bulk-failure");
  await expect(failures).toHaveCount(1);
  await expect(failures).toContainText(first.orderNumber);

  await admin.getByTestId("order-status-filter").getByRole("link", { name: "Processing" }).click();
  await expect(orders.rows()).toHaveCount(2);
  await bar.getByTestId("order-select-all").check();
  await bar.getByTestId("order-bulk-ship").click();
  const dialog = admin.getByTestId("order-bulk-ship-dialog");
  await dialog.getByLabel("Carrier (optional)").fill("DHL");
  await dialog.getByLabel(second.orderNumber).fill("00340434161234567890");
  await dialog.getByTestId("order-bulk-ship-confirm").click();
  await expect(orders.toast("2 orders done.")).toBeVisible();
  await expect(orders.rows()).toHaveCount(0);
  await context.close();
});
