import { createHmac, hkdfSync } from "node:crypto";
import { expect, test } from "./fixtures";
import { ADMIN, LoginPage } from "./pages/login-page";
import { AdminOrdersPage } from "./pages/admin-orders-page";
import { OrderStatusPage, orderLinkFromOutbox } from "./pages/order-status-page";
import { freshPage, shoot } from "./pages/shop-pages";
import { paidGuestOrder } from "./pages/shop-setup";

// The e2e server's secret (playwright.config.ts): the spec signs a link as the shop would, issued in the past.
const AUTH_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456789";

function linkIssued(orderId: string, daysAgo: number, version = 1): string {
  const key = Buffer.from(hkdfSync("sha256", AUTH_SECRET, "", "mugmagic guest order link v2", 32));
  const payload = Buffer.alloc(24);
  Buffer.from(orderId.replace(/-/g, ""), "hex").copy(payload, 0);
  payload.writeUInt32BE(Math.floor(Date.now() / 1000) - daysAgo * 86_400, 16);
  payload.writeUInt32BE(version, 20);
  return Buffer.concat([payload, createHmac("sha256", key).update(payload).digest().subarray(0, 16)]).toString("base64url");
}

test.describe("order links the shop can take back", () => {
  test("a link too old to change the order shows it without cancel and set-password, and says why (EN + DE)", async ({
    request,
    browser,
    baseURL,
  }) => {
    const { orderId, orderNumber } = await paidGuestOrder(request);
    const page = await freshPage(browser, baseURL);
    const status = new OrderStatusPage(page);
    await status.open(`/order-status/${linkIssued(orderId, 0)}`);
    await expect(status.cancelButton()).toBeVisible();
    await expect(status.passwordForm()).toBeVisible();
    await status.open(`/order-status/${linkIssued(orderId, 15)}`);
    await expect(status.orderNumber()).toHaveText(`Order ${orderNumber}`);
    await expect(status.cancelButton()).toHaveCount(0);
    await expect(status.passwordForm()).toHaveCount(0);
    const note = page.getByTestId("actions-expired");
    await expect(note).toContainText("This link is too old to cancel the order or set a password");
    await expect(note.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login?callbackUrl=%2Forders");
    await shoot(page, "order-link-old-en", 1280);
    await shoot(page, "order-link-old-en", 390);
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "de", url: baseURL ?? "" }]);
    await page.reload();
    await expect(note).toContainText("Dieser Link ist zu alt, um die Bestellung zu stornieren");
    await shoot(page, "order-link-old-de", 1280);
    await shoot(page, "order-link-old-de", 390);
    await page.context().close();
  });

  test("the admin revokes an order's links from its detail page; the mailed link then answers like an unknown link (EN + DE)", async ({
    request,
    browser,
    baseURL,
  }) => {
    const { orderId, orderNumber } = await paidGuestOrder(request);
    const { path: linkPath } = await orderLinkFromOutbox(orderNumber, /order-status/);
    expect((await request.get(linkPath)).status()).toBe(200);

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto(`/admin/orders/${orderId}`);
    await login.signIn(ADMIN.email, ADMIN.password);
    const orders = new AdminOrdersPage(page);
    await expect(orders.detail()).toBeVisible();
    await expect(orders.detailAction("revokeLinks")).toHaveText("Revoke order links");
    await shoot(page, "admin-order-revoke-en", 390);
    await orders.open("revokeLinks");
    await expect(orders.dialog()).toContainText(`Revoke the order links of order ${orderNumber}?`);
    await expect(orders.dialog()).toContainText("Every order link sent so far stops working at once");
    await shoot(page, "admin-order-revoke-dialog-en", 1280);
    await orders.dialog().getByRole("button", { name: "Cancel" }).click();
    await expect(orders.dialog()).toBeHidden();
    expect((await request.get(linkPath)).status()).toBe(200);

    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "de", url: baseURL ?? "" }]);
    await page.reload();
    await expect(orders.detailAction("revokeLinks")).toHaveText("Bestelllinks sperren");
    await orders.open("revokeLinks");
    await expect(orders.dialog()).toContainText(`Bestelllinks der Bestellung ${orderNumber} sperren?`);
    await shoot(page, "admin-order-revoke-dialog-de", 390);
    await orders.confirm();
    await expect(orders.toast(`Bestelllinks der Bestellung ${orderNumber} gesperrt`)).toBeVisible();
    await expect(orders.timelineEvent("links_revoked")).toContainText("Bestelllinks gesperrt");
    await shoot(page, "admin-order-revoked-de", 1280);
    await context.close();

    const token = linkPath.split("/").pop() ?? "";
    expect((await request.get(`/api/guest/orders/${token}`)).status()).toBe(404);
    const visitor = await freshPage(browser, baseURL);
    await visitor.goto(linkPath);
    await expect(new OrderStatusPage(visitor).invalid()).toBeVisible();
    await expect(visitor.getByTestId("guest-order")).toHaveCount(0);
    await visitor.context().close();
  });

  test("a tampered or unknown order link answers HTTP 404 with a friendly page", async ({ request, browser, baseURL }) => {
    const { orderId } = await paidGuestOrder(request);
    const genuine = linkIssued(orderId, 0);
    const tampered = `${genuine.slice(0, 10)}${genuine[10] === "A" ? "B" : "A"}${genuine.slice(11)}`;
    for (const token of [tampered, "A".repeat(54), "A".repeat(48), "kaputt", linkIssued(orderId, 200)]) {
      expect((await request.get(`/order-status/${token}`)).status(), token).toBe(404);
    }
    const unknown = await freshPage(browser, baseURL);
    await unknown.goto(`/order-status/${linkIssued("7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21", 0)}`);
    await expect(new OrderStatusPage(unknown).invalid()).toBeVisible();
    await unknown.context().close();
    expect((await request.get(`/order-status/${genuine}`)).status()).toBe(200);
    const page = await freshPage(browser, baseURL);
    const res = await page.goto(`/order-status/${tampered}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This link is invalid or has expired" })).toBeVisible();
    await expect(new OrderStatusPage(page).invalid().getByRole("link", { name: "Sign in" })).toBeVisible();
    await shoot(page, "order-link-404-en", 390);
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "de", url: baseURL ?? "" }]);
    expect((await page.goto("/order-status/kaputt"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Dieser Link ist ungültig oder abgelaufen" })).toBeVisible();
    await shoot(page, "order-link-404-de", 1280);
    await page.context().close();
  });
});
