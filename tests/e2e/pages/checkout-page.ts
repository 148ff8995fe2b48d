import { expect, type Page } from "@playwright/test";

export const TEST_CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  authentication: "4000 0027 6000 3184",
} as const;

export interface AddressInput {
  firstName?: string;
  lastName?: string;
  street1: string;
  street2?: string;
  city: string;
  postalCode: string;
  countryCode?: string;
}

export class CheckoutPage {
  constructor(private readonly page: Page) {}

  async goto(orderId?: string) {
    await this.page.goto(orderId ? `/checkout?orderId=${encodeURIComponent(orderId)}` : "/checkout");
    await expect(this.payButton()).toBeVisible();
  }

  form() {
    return this.page.getByTestId("checkout-form");
  }

  contact() {
    return this.page.getByTestId("contact");
  }

  shipping() {
    return this.page.getByTestId("shipping-address");
  }

  billing() {
    return this.page.getByTestId("billing-address");
  }

  summary() {
    return this.page.getByTestId("checkout-summary");
  }

  priceChangedNotice() {
    return this.page.getByTestId("price-changed-notice");
  }

  testModeNotice() {
    return this.page.getByTestId("test-mode-notice");
  }

  paymentStatus() {
    return this.page.getByTestId("payment-status");
  }

  payButton() {
    return this.page.getByTestId("pay-button");
  }

  async fillContact(values: { email?: string; firstName?: string; lastName?: string; phone?: string }) {
    const c = this.contact();
    if (values.email !== undefined) await c.getByLabel("Email").fill(values.email);
    if (values.firstName !== undefined) await c.getByLabel("First name").fill(values.firstName);
    if (values.lastName !== undefined) await c.getByLabel("Last name").fill(values.lastName);
    if (values.phone !== undefined) await c.getByLabel("Phone (optional)").fill(values.phone);
  }

  async fillAddress(kind: "shipping" | "billing", a: AddressInput) {
    const f = kind === "shipping" ? this.shipping() : this.billing();
    if (a.firstName !== undefined) await f.getByLabel("First name").fill(a.firstName);
    if (a.lastName !== undefined) await f.getByLabel("Last name").fill(a.lastName);
    await f.getByLabel("Street and house number").fill(a.street1);
    if (a.street2 !== undefined) await f.getByLabel("Address line 2 (optional)").fill(a.street2);
    await f.getByLabel("Postal code").fill(a.postalCode);
    await f.getByLabel("City").fill(a.city);
    if (a.countryCode !== undefined) await f.getByLabel("Country").selectOption(a.countryCode);
  }

  async setSameAsShipping(same: boolean) {
    await this.page.getByLabel("Billing address same as shipping address").setChecked(same);
  }

  async fillCard(number: string, expiry = "12/34", cvc = "123") {
    await this.cardNumber().fill(number);
    await this.cardExpiry().fill(expiry);
    await this.cardCvc().fill(cvc);
  }

  cardNumber() {
    return this.page.getByLabel("Card number");
  }

  cardExpiry() {
    return this.page.getByLabel("Expiry date (MM/YY)");
  }

  cardCvc() {
    return this.page.getByLabel("CVC");
  }

  waiver() {
    return this.page.getByTestId("withdrawal-waiver");
  }

  waiverCheckbox() {
    return this.waiver().getByRole("checkbox");
  }

  async acceptWaiver() {
    await this.waiverCheckbox().check();
  }

  async pay() {
    await expect(this.payButton()).toBeEnabled();
    await this.payButton().click();
  }

  authenticationDialog() {
    return this.page.getByRole("dialog").filter({ hasText: "Authenticate payment (test)" });
  }

  async authenticate(approve: boolean) {
    const dialog = this.authenticationDialog();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: approve ? "Approve" : "Reject" }).click();
  }

  field(section: "contact" | "shipping" | "billing", label: string) {
    const root = section === "contact" ? this.contact() : section === "shipping" ? this.shipping() : this.billing();
    return root.getByLabel(label);
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}

export class OrderSuccessPage {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId("order-success");
  }

  async expectShown(): Promise<{ orderId: string; orderNumber: string }> {
    await expect(this.page).toHaveURL(/\/order-success\/[^/?]+/);
    await expect(this.root()).toBeVisible();
    const orderId = decodeURIComponent(new URL(this.page.url()).pathname.split("/").pop() ?? "");
    const text = (await this.page.getByTestId("order-success-number").textContent()) ?? "";
    const orderNumber = /MM-\d{4}-\d+/.exec(text)?.[0] ?? text.trim();
    return { orderId, orderNumber };
  }
}

export class PaymentFailurePage {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId("payment-failure");
  }

  retry() {
    return this.root().getByRole("link", { name: /^(Retry payment|Zahlung erneut versuchen)$/ });
  }

  viewCart() {
    return this.root().getByRole("link", { name: /^(View cart|Warenkorb ansehen)$/ });
  }

  continueShopping() {
    return this.root().getByRole("link", { name: /^(Continue shopping|Weiter einkaufen)$/ });
  }

  contactSupport() {
    return this.root().getByRole("link", { name: /^(Contact support|Support kontaktieren)$/ });
  }
}
