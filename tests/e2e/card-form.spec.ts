import { expect, test, type Page } from "./fixtures";
import { CheckoutPage, OrderSuccessPage } from "./pages/checkout-page";
import { designInCart, registerGuest } from "./pages/shop-setup";

const NAMES = { firstName: "Carla", lastName: "Karte" };
const ADDRESS = { ...NAMES, street1: "Kartenweg 4", city: "Köln", postalCode: "50667" };

async function openCheckout(page: Page): Promise<CheckoutPage> {
  await registerGuest(page.request);
  await designInCart(page.request, "guest");
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  return checkout;
}

/** Paying runs several server steps (order, payment, receipt): on a busy machine it can take a while. */
async function expectPaid(page: Page) {
  await expect(page).toHaveURL(/\/order-success\//, { timeout: 45_000 });
  return new OrderSuccessPage(page).expectShown();
}

async function fillOrderDetails(checkout: CheckoutPage) {
  await checkout.fillContact(NAMES);
  await checkout.fillAddress("shipping", ADDRESS);
  await checkout.acceptWaiver();
}

test.describe("card form", () => {
  test("the number is grouped as typed, the caret stays on its digit, a pasted number with dashes is grouped; expiry 1230 pays", async ({
    page,
  }) => {
    const checkout = await openCheckout(page);
    const number = checkout.cardNumber();
    await expect(number).toHaveAttribute("autocomplete", "cc-number");
    await expect(number).toHaveAttribute("inputmode", "numeric");
    await expect(checkout.cardExpiry()).toHaveAttribute("autocomplete", "cc-exp");
    await expect(checkout.cardCvc()).toHaveAttribute("autocomplete", "cc-csc");

    await number.pressSequentially("4242424242424242");
    await expect(number).toHaveValue("4242 4242 4242 4242");

    for (let i = 0; i < 5; i++) await number.press("ArrowLeft");
    await number.press("Backspace");
    await expect(number).toHaveValue("4242 4242 4244 242");
    await number.press("2");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    expect(await number.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(14);

    await number.press("End");
    for (let i = 0; i < 4; i++) await number.press("ArrowLeft");
    await number.press("Backspace");
    await expect(number).toHaveValue("4242 4242 4244 242");
    await number.press("2");
    await expect(number).toHaveValue("4242 4242 4242 4242");

    await number.fill("4000-0027-6000-3184");
    await expect(number).toHaveValue("4000 0027 6000 3184");
    await number.fill("4242 4242 4242 4242");

    await checkout.cardCvc().pressSequentially("1a2b3");
    await expect(checkout.cardCvc()).toHaveValue("123");

    await checkout.cardExpiry().pressSequentially("1230");
    await checkout.cardExpiry().blur();
    await expect(checkout.cardExpiry()).toHaveValue("12 / 30");
    await expect(checkout.cardExpiry()).not.toHaveAttribute("aria-invalid", "true");

    await fillOrderDetails(checkout);
    await checkout.pay();
    const { orderNumber } = await expectPaid(page);
    expect(orderNumber).toMatch(/^MM-\d{4}-\d+$/);
  });

  test("a field's error shows when it is left, not while typing, and goes once it is corrected", async ({ page }) => {
    const checkout = await openCheckout(page);
    const number = checkout.cardNumber();
    await number.pressSequentially("4242");
    await expect(number).toHaveAttribute("aria-invalid", "false");
    await expect(number).toHaveAccessibleDescription("");
    await number.press("Tab");
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await expect(number).toHaveAccessibleDescription("Invalid card number");
    await number.pressSequentially("424242424242");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    await expect(number).toHaveAttribute("aria-invalid", "false");

    await number.fill("4242 4242 4242 4241");
    await number.blur();
    await expect(number).toHaveAccessibleDescription("Invalid card number");

    await checkout.cardExpiry().pressSequentially("13");
    await expect(checkout.cardExpiry()).toHaveAttribute("aria-invalid", "false");
    await checkout.cardExpiry().pressSequentially("30");
    await checkout.cardExpiry().blur();
    await expect(checkout.cardExpiry()).toHaveAccessibleDescription("Invalid expiry date");
    await checkout.cardExpiry().fill("0120");
    await checkout.cardExpiry().blur();
    await expect(checkout.cardExpiry()).toHaveAccessibleDescription("Invalid expiry date");

    await checkout.cardCvc().pressSequentially("1");
    await checkout.cardCvc().blur();
    await expect(checkout.cardCvc()).toHaveAccessibleDescription("Invalid security code");
    await checkout.cardCvc().pressSequentially("23");
    await expect(checkout.cardCvc()).toHaveAttribute("aria-invalid", "false");
  });

  test("a failed Pay focuses the first faulty field: the contact first, then the card", async ({ page }) => {
    const checkout = await openCheckout(page);
    await checkout.pay();
    await expect(checkout.field("contact", "First name")).toBeFocused();
    await expect(checkout.cardNumber()).toHaveAccessibleDescription("Invalid card number");

    await fillOrderDetails(checkout);
    await checkout.fillCard("4242 4242 4242 4242", "12/30", "12");
    await checkout.pay();
    await expect(checkout.cardCvc()).toBeFocused();
    await expect(checkout.cardCvc()).toHaveAccessibleDescription("Invalid security code");
    await expect(page).toHaveURL(/\/checkout$/);

    await checkout.cardCvc().pressSequentially("3");
    await checkout.pay();
    await expectPaid(page);
  });
});
