import { expect, type Locator, type Page } from "@playwright/test";

export class CartPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/cart");
    await expect(this.heading()).toBeVisible();
  }

  heading() {
    return this.page.getByRole("heading", { level: 1, name: /^(Cart|Warenkorb)$/ });
  }

  items() {
    return this.page.getByTestId("cart-item");
  }

  item(index = 0): Locator {
    return this.items().nth(index);
  }

  empty() {
    return this.page.getByTestId("cart-empty");
  }

  summary() {
    return this.page.getByTestId("cart-summary");
  }

  total() {
    return this.summary().getByTestId("total-total");
  }

  priceChangedNotice() {
    return this.page.getByTestId("price-changed-notice");
  }

  quantityInput(index = 0) {
    return this.item(index).getByTestId("quantity-input");
  }

  async increase(index = 0) {
    await this.item(index)
      .getByRole("button", { name: /^(Increase quantity|Menge von .* erhöhen)/ })
      .click();
  }

  async decrease(index = 0) {
    await this.item(index)
      .getByRole("button", { name: /^(Decrease quantity|Menge von .* verringern)/ })
      .click();
  }

  async typeQuantity(value: string, index = 0) {
    await this.quantityInput(index).fill(value);
    await this.quantityInput(index).press("Enter");
  }

  async remove(index = 0) {
    await this.item(index)
      .getByRole("button", { name: /^(Remove|.* aus dem Warenkorb entfernen)/ })
      .click();
  }

  async clear() {
    await this.page.getByRole("button", { name: /^(Clear cart|Warenkorb leeren)$/ }).click();
    const dialog = this.page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: /^(Clear cart|Warenkorb leeren)$/ }).click();
  }

  async checkout() {
    await this.page.getByRole("link", { name: /^(Checkout|Zur Kasse)$/ }).click();
    await expect(this.page).toHaveURL(/\/checkout$/);
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
