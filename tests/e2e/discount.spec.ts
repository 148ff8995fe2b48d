import { expect, test } from "./fixtures";
import { CartPage } from "./pages/cart-page";
import { CheckoutPage, OrderSuccessPage, TEST_CARDS } from "./pages/checkout-page";
import { designInCart, registerGuest, unique } from "./pages/shop-setup";
import { E2E_ADMIN } from "./admin-credentials";

test("a guest applies a code in the cart, is refused a wrong one, and pays the discounted total", async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).status()).toBe(200);
  const code = `E2E-${unique().slice(-6).toUpperCase()}`;
  const created = await admin.post("/api/admin/discount-codes", { data: { code, kind: "fixed", amountCents: 300 } });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();

  await registerGuest(page.request);
  await designInCart(page.request, "guest");
  const cart = new CartPage(page);
  await cart.goto();
  const before = (await cart.total().textContent()) ?? "";

  const form = page.getByTestId("discount-code-form");
  await form.getByLabel("Discount code").fill("NOPE-CODE");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByRole("alert")).toHaveText("This discount code cannot be used.");
  await expect(cart.summary().getByTestId("total-discount")).toHaveCount(0);

  await form.getByLabel("Discount code").fill(code.toLowerCase());
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("discount-code")).toContainText(`Code ${code} applied`);
  await expect(cart.summary().getByTestId("total-discount")).toContainText("-€3.00");
  await expect(cart.total()).not.toHaveText(before);
  const discounted = (await cart.total().textContent()) ?? "";

  await cart.checkout();
  const checkout = new CheckoutPage(page);
  await expect(checkout.payButton()).toBeVisible();
  await expect(page.getByTestId("checkout-totals").getByTestId("total-discount")).toContainText("-€3.00");
  await expect(page.getByTestId("checkout-totals").getByTestId("total-total")).toHaveText(discounted);
  const names = { firstName: "Rita", lastName: "Rabatt" };
  await checkout.fillContact(names);
  await checkout.fillAddress("shipping", { ...names, street1: "Hauptstraße 5", city: "Berlin", postalCode: "10115" });
  await checkout.fillCard(TEST_CARDS.success);
  await checkout.acceptWaiver();
  await checkout.pay();

  await new OrderSuccessPage(page).expectShown();
  await expect(page.getByTestId("order-totals").getByTestId("total-discount")).toContainText("-€3.00");
  await expect(page.getByTestId("order-totals").getByTestId("total-total")).toHaveText(discounted);
});
