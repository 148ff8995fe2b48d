import { expect, test, type Page } from "./fixtures";
import type { ArticleDto } from "@/lib/schemas/articles";
import { CartPage } from "./pages/cart-page";
import { CheckoutPage, OrderSuccessPage, PaymentFailurePage, TEST_CARDS } from "./pages/checkout-page";
import { OrdersPage } from "./pages/orders-page";
import { designInCart, registerCustomer, registerGuest } from "./pages/shop-setup";
import { E2E_ADMIN } from "./admin-credentials";
import { updateBodyOf } from "../helpers/article-update-body";

const ADDRESS = { street1: "Hauptstraße 5", city: "Berlin", postalCode: "10115" };

async function checkoutWith(page: Page, card: string, names = { firstName: "Gina", lastName: "Gast" }) {
  const cart = new CartPage(page);
  await cart.goto();
  await cart.checkout();
  const checkout = new CheckoutPage(page);
  await expect(checkout.payButton()).toBeVisible();
  await checkout.fillContact(names);
  await checkout.fillAddress("shipping", { ...names, ...ADDRESS });
  await checkout.fillCard(card);
  await checkout.acceptWaiver();
  await checkout.pay();
  return checkout;
}

test.describe("buying a mug", () => {
  test("a guest buys with 4242…, sees the order in My orders, downloads the receipt and cancels the order", async ({ page }) => {
    const email = await registerGuest(page.request);
    const { mug, variantName } = await designInCart(page.request, "guest");

    const cart = new CartPage(page);
    await cart.goto();
    await expect(cart.items()).toHaveCount(1);
    await expect(cart.item().getByTestId("cart-item-name")).toHaveText(mug.name);
    await expect(cart.item().getByTestId("cart-item-variant")).toContainText(variantName);
    await expect(cart.item().getByRole("img", { name: `Your design on the ${mug.name}` })).toHaveJSProperty("complete", true);
    await expect(cart.priceChangedNotice()).toHaveCount(0);
    await expect(cart.summary().getByTestId("total-subtotal")).toContainText("€");

    const single = (await cart.total().textContent()) ?? "";
    await cart.increase();
    await expect(cart.quantityInput()).toHaveValue("2");
    await expect(cart.total()).not.toHaveText(single);
    await cart.typeQuantity("0");
    await expect(cart.item().getByTestId("quantity-error")).toHaveText("Quantity must be a whole number from 1 to 99");
    await expect(cart.quantityInput()).toHaveValue("2");
    await cart.typeQuantity("1.5");
    await expect(cart.quantityInput()).toHaveValue("2");
    await cart.decrease();
    await expect(cart.quantityInput()).toHaveValue("1");
    await expect(cart.total()).toHaveText(single);

    await cart.checkout();
    const checkout = new CheckoutPage(page);
    await expect(checkout.testModeNotice()).toContainText("Test mode — no real payment");
    await expect(checkout.testModeNotice()).toContainText("4242 4242 4242 4242");
    await expect(checkout.testModeNotice()).toContainText("4000 0000 0000 0002");
    await expect(checkout.contact().getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Billing address same as shipping address")).toBeChecked();
    await expect(checkout.summary().getByTestId("total-total")).toHaveText(single);

    await checkout.pay();
    await expect(checkout.field("contact", "First name")).toHaveAccessibleDescription("First name is required");
    await expect(checkout.field("shipping", "Street and house number")).toHaveAccessibleDescription("Street is required");
    await expect(checkout.field("shipping", "Postal code")).toHaveAccessibleDescription("Postal code is required");
    await expect(checkout.waiverCheckbox()).toHaveAccessibleDescription(
      "Please confirm that personalised items are excluded from the right of withdrawal.",
    );
    await expect(page.getByTestId("checkout-errors")).toBeVisible();

    await checkout.fillContact({ firstName: "Gina", lastName: "Gast", phone: "0301234567" });
    await checkout.fillAddress("shipping", { firstName: "Gina", lastName: "Gast", ...ADDRESS, countryCode: "DE" });
    await checkout.setSameAsShipping(false);
    await checkout.fillAddress("billing", {
      firstName: "Gina",
      lastName: "Gast",
      street1: "Rechnungsweg 1",
      city: "Hamburg",
      postalCode: "20095",
    });
    await checkout.acceptWaiver();
    await checkout.pay();
    await expect(page.getByLabel("Card number")).toHaveAccessibleDescription("Invalid card number");
    await checkout.fillCard(TEST_CARDS.success, "01/20");
    await checkout.pay();
    await expect(page.getByLabel("Expiry date (MM/YY)")).toHaveAccessibleDescription("Invalid expiry date");
    await checkout.fillCard(TEST_CARDS.success);
    await checkout.pay();

    const { orderNumber } = await new OrderSuccessPage(page).expectShown();
    await expect(checkout.toast("Order placed")).toBeVisible();
    expect(orderNumber).toMatch(/^MM-\d{4}-\d{6}$/);
    await expect(page.getByTestId("order-item")).toHaveCount(1);
    await expect(page.getByTestId("shipping-address")).toContainText("Hauptstraße 5");
    await expect(page.getByTestId("billing-address")).toContainText("Rechnungsweg 1");

    await page.getByTestId("order-success").getByRole("link", { name: "My orders" }).click();
    const orders = new OrdersPage(page);
    await expect(orders.heading()).toBeVisible();
    await expect(orders.card(orderNumber)).toBeVisible();
    await expect(orders.status(orderNumber)).toHaveText("Pending");
    await expect(orders.paymentStatus(orderNumber)).toHaveText("Paid");
    await expect(orders.card(orderNumber).getByTestId("order-item")).toContainText(mug.name);

    const download = page.waitForEvent("download");
    await orders.receiptButton(orderNumber).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expect(orders.toast("Receipt downloaded")).toBeVisible();

    await orders.cancel(orderNumber);
    await expect(orders.toast(`Order ${orderNumber} cancelled`)).toBeVisible();
    await expect(orders.status(orderNumber)).toHaveText("Cancelled");
    await expect(orders.paymentStatus(orderNumber)).toHaveText("Refunded");
    await expect(orders.cancelButton(orderNumber)).toHaveCount(0);

    await cart.goto();
    await expect(cart.empty()).toBeVisible();
    await expect(cart.empty().getByRole("link", { name: "Design a mug" })).toHaveAttribute("href", "/");
  });

  test("a declined card reaches /payment-failure with its options; Retry pays the same order", async ({ page }) => {
    await registerCustomer(page.request);
    await designInCart(page.request, "customer");
    await checkoutWith(page, TEST_CARDS.declined);

    await expect(page).toHaveURL(/\/payment-failure\?orderId=/);
    const failure = new PaymentFailurePage(page);
    await expect(failure.root()).toContainText("Payment failed");
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
    await expect(failure.retry()).toHaveAttribute("href", `/checkout?orderId=${orderId}`);
    await expect(failure.viewCart()).toHaveAttribute("href", "/cart");
    await expect(failure.continueShopping()).toHaveAttribute("href", "/");
    await expect(failure.contactSupport()).toHaveAttribute("href", /^mailto:/);

    await failure.retry().click();
    const checkout = new CheckoutPage(page);
    await expect(page.getByTestId("retry-order-number")).toBeVisible();
    await checkout.fillCard(TEST_CARDS.success);
    await checkout.pay();
    const success = await new OrderSuccessPage(page).expectShown();
    expect(success.orderId).toBe(orderId);

    const orders = new OrdersPage(page);
    await orders.goto();
    await expect(orders.cards()).toHaveCount(1);
    await expect(orders.paymentStatus(success.orderNumber)).toHaveText("Paid");
  });

  test("4000 0027 6000 3184 needs an extra step: authenticate → success; a reload in between places no second order", async ({ page }) => {
    await registerCustomer(page.request);
    await designInCart(page.request, "customer");
    const names = { firstName: "Clara", lastName: "Schmidt" };
    const checkout = await checkoutWith(page, TEST_CARDS.authentication, names);
    await expect(checkout.authenticationDialog()).toBeVisible();
    await expect(checkout.paymentStatus()).toHaveText("Your payment needs additional steps.");

    await page.reload();
    await checkout.fillAddress("shipping", ADDRESS);
    await checkout.fillCard(TEST_CARDS.authentication);
    await checkout.acceptWaiver();
    await checkout.pay();
    await checkout.authenticate(true);
    const { orderNumber } = await new OrderSuccessPage(page).expectShown();
    await expect(checkout.toast("Order placed")).toBeVisible();

    const orders = new OrdersPage(page);
    await orders.goto();
    await expect(orders.cards()).toHaveCount(1);
    await expect(orders.paymentStatus(orderNumber)).toHaveText("Paid");
  });

  test("a catalogue price change shows the notice in cart and checkout", async ({ page, playwright, baseURL }) => {
    await registerCustomer(page.request);
    const { mug } = await designInCart(page.request, "customer");
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post("/api/auth/login", { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status()).toBe(200);
    const setSalesTotal = async (delta: number) => {
      const a = (await (await admin.get(`/api/admin/articles/${mug.id}`)).json()) as ArticleDto;
      const body = updateBodyOf(a);
      const price = body.priceCalculation as { salesTotalCents: number };
      body.priceCalculation = { ...price, salesTotalCents: price.salesTotalCents + delta };
      const res = await admin.put(`/api/admin/articles/${mug.id}`, { data: body });
      expect(res.status(), await res.text()).toBe(200);
    };
    await setSalesTotal(200);
    try {
      const cart = new CartPage(page);
      await cart.goto();
      await expect(cart.priceChangedNotice()).toContainText("Prices have changed");
      await expect(cart.item().getByTestId("cart-item-earlier-price")).toBeVisible();
      await cart.checkout();
      const checkout = new CheckoutPage(page);
      await expect(checkout.priceChangedNotice()).toContainText("Prices have changed");

      let conflicts = 0;
      await page.route("**/api/user/orders", async (route) => {
        if (route.request().method() === "POST" && conflicts++ === 0) {
          await route.fulfill({ status: 409, json: { message: "Prices have changed. Please check your cart and confirm again." } });
        } else await route.continue();
      });
      await checkout.fillContact({ firstName: "Clara", lastName: "Schmidt" });
      await checkout.fillAddress("shipping", ADDRESS);
      await checkout.fillCard(TEST_CARDS.success);
      await checkout.acceptWaiver();
      await checkout.pay();
      await expect(checkout.priceChangedNotice()).toContainText("Please check the new prices and confirm your order again.");
      await expect(page).toHaveURL(/\/checkout$/);
      await checkout.pay();
      await new OrderSuccessPage(page).expectShown();
    } finally {
      await setSalesTotal(-200);
      await admin.dispose();
    }
  });

  test("the cart in German; clearing it asks first", async ({ page }) => {
    await registerCustomer(page.request);
    await designInCart(page.request, "customer");
    const cart = new CartPage(page);
    await cart.goto();
    await page.getByTestId("language-switch").selectOption("de");
    await expect(page.getByRole("heading", { level: 1, name: "Warenkorb" })).toBeVisible();
    await expect(cart.summary()).toContainText("Zwischensumme");
    await expect(cart.summary()).toContainText("Enthaltene MwSt.");
    await expect(page.getByRole("link", { name: "Zur Kasse" })).toBeVisible();
    await expect(cart.total()).toHaveText(/^Gesamt\d+,\d{2}\s€$/);

    await page.getByRole("button", { name: "Warenkorb leeren" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();
    await expect(cart.items()).toHaveCount(1);
    await cart.clear();
    await expect(cart.toast("Warenkorb geleert")).toBeVisible();
    await expect(cart.empty()).toContainText("Dein Warenkorb ist leer.");
    await page.getByTestId("language-switch").selectOption("en");
    await expect(cart.empty()).toContainText("Your cart is empty.");
  });

  test("a signed-in customer's data is prefilled on the checkout", async ({ page }) => {
    const customer = await registerCustomer(page.request);
    await designInCart(page.request, "customer");
    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await expect(checkout.contact().getByLabel("Email")).toHaveValue(customer.email);
    await expect(checkout.contact().getByLabel("First name")).toHaveValue(customer.firstName);
    await expect(checkout.contact().getByLabel("Last name")).toHaveValue(customer.lastName);
    await expect(checkout.contact().getByLabel("Phone (optional)")).toHaveValue(customer.phone);
    await expect(checkout.shipping().getByLabel("First name")).toHaveValue(customer.firstName);
    await expect(checkout.shipping().getByLabel("Country")).toHaveValue("DE");
  });

  test("an anonymous visitor is sent to /login from the cart, the checkout and My orders", async ({ page }) => {
    for (const path of ["/cart", "/checkout", "/orders"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?callbackUrl=${encodeURIComponent(path)}$`));
    }
  });
});
