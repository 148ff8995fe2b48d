import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { EditorPage } from "./pages/editor-page";
import { CartPage } from "./pages/cart-page";
import { CheckoutPage, OrderSuccessPage, TEST_CARDS } from "./pages/checkout-page";
import { OrdersPage } from "./pages/orders-page";

let dir = "";
let photoPath = "";

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "journey-e2e-"));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><rect width="100%" height="100%" fill="#87ceeb"/>
    <circle cx="1200" cy="760" r="420" fill="#f4c27a"/><circle cx="1060" cy="680" r="50" fill="#333"/><circle cx="1340" cy="680" r="50" fill="#333"/>
    <rect y="1300" width="2400" height="300" fill="#4caf50"/></svg>`;
  photoPath = path.join(dir, "family.jpg");
  await writeFile(photoPath, await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer());
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("a guest goes from a photo to a paid order, sees it in My orders and cancels it", async ({ page }) => {
  const email = `journey-${Date.now()}@example.com`;

  const editor = new EditorPage(page);
  await editor.goto("/");
  await editor.upload(photoPath);
  await editor.next();
  await editor.chooseStyle("Watercolour");
  await editor.next();
  await editor.chooseMug("Classic Mug 250", "Red inside");
  await editor.next();
  await editor.fillPersonal({ email, firstName: "Jana", lastName: "Journey" });
  await editor.next();
  await editor.generate();
  await expect(editor.generatedImages().first()).toBeVisible();
  await editor.next();
  await editor.expectPreview();
  await editor.addToCart();
  await expect(page).toHaveURL(/\/cart$/);

  const cart = new CartPage(page);
  await expect(cart.items()).toHaveCount(1);
  await expect(cart.items().first()).toContainText("Classic Mug 250");
  await expect(cart.items().first()).toContainText("Red inside");
  await cart.checkout();

  const checkout = new CheckoutPage(page);
  await expect(checkout.payButton()).toBeVisible();
  await checkout.fillContact({ email, firstName: "Jana", lastName: "Journey" });
  await checkout.fillAddress("shipping", {
    firstName: "Jana",
    lastName: "Journey",
    street1: "Torstraße 1",
    city: "Berlin",
    postalCode: "10119",
  });
  await checkout.fillCard(TEST_CARDS.success);
  await checkout.acceptWaiver();
  await checkout.pay();
  const { orderNumber } = await new OrderSuccessPage(page).expectShown();
  await expect(checkout.toast("Order placed")).toBeVisible();

  const orders = new OrdersPage(page);
  await orders.goto();
  await expect(orders.status(orderNumber)).toHaveText("Pending");
  await expect(orders.paymentStatus(orderNumber)).toHaveText("Paid");
  await orders.cancel(orderNumber);
  await expect(orders.status(orderNumber)).toHaveText("Cancelled");
  await expect(orders.paymentStatus(orderNumber)).toHaveText("Refunded");
});
