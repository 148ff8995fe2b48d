import { expect, type Locator, type Page } from "@playwright/test";

export class OrdersPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/orders");
    await expect(this.heading()).toBeVisible();
  }

  heading() {
    return this.page.getByRole("heading", { level: 1, name: /^(My orders|Meine Bestellungen)$/ });
  }

  cards() {
    return this.page.getByTestId("order-card");
  }

  card(orderNumber: string): Locator {
    return this.page.locator(`[data-testid="order-card"][data-order-number="${orderNumber}"]`);
  }

  status(orderNumber: string) {
    return this.card(orderNumber).getByTestId("order-status");
  }

  paymentStatus(orderNumber: string) {
    return this.card(orderNumber).getByTestId("order-payment-status");
  }

  empty() {
    return this.page.getByTestId("orders-empty");
  }

  cancelButton(orderNumber: string) {
    return this.card(orderNumber).getByRole("button", { name: /^(Cancel order|Bestellung .* stornieren)/ });
  }

  async cancel(orderNumber: string) {
    await this.cancelButton(orderNumber).click();
    const dialog = this.page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: /^(Cancel order|Bestellung stornieren)$/ }).click();
  }

  receiptButton(orderNumber: string) {
    return this.card(orderNumber).getByRole("button", { name: /^(Download the payment receipt|Zahlungsbeleg der Bestellung)/ });
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
