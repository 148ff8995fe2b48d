import { expect, type Locator, type Page } from "@playwright/test";

export class MyImagesPage {
  constructor(private readonly page: Page) {}

  async goto(query = "") {
    await this.page.goto(`/my-images${query}`);
    await expect(this.heading()).toBeVisible();
  }

  heading() {
    return this.page.getByRole("heading", { level: 1, name: /^(My images|Meine Bilder)$/ });
  }

  empty() {
    return this.page.getByTestId("my-images-empty");
  }

  grid() {
    return this.page.getByTestId("my-images-grid");
  }

  cards() {
    return this.page.getByTestId("my-image-card");
  }

  count() {
    return this.page.getByTestId("my-images-count");
  }

  async types(): Promise<string[]> {
    return this.cards().evaluateAll((cards) => cards.map((c) => c.getAttribute("data-type") ?? ""));
  }

  async ids(): Promise<number[]> {
    return this.cards().evaluateAll((cards) => cards.map((c) => Number(c.getAttribute("data-image-id"))));
  }

  card(imageId: number): Locator {
    return this.page.locator(`[data-testid="my-image-card"][data-image-id="${imageId}"]`);
  }

  sortSelect() {
    return this.page.getByLabel(/^(Sort by|Sortieren nach)$/);
  }

  orderSelect() {
    return this.page.getByLabel(/^(Order|Reihenfolge)$/);
  }

  async sortBy(sort: "date" | "type", order: "desc" | "asc") {
    await this.sortSelect().selectOption(sort);
    await this.orderSelect().selectOption(order);
  }

  async deleteImage(imageId: number) {
    await this.card(imageId)
      .getByRole("button", { name: /^(Delete|Löschen):/ })
      .click();
    const dialog = this.page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: /^(Delete|Löschen)$/ }).click();
  }

  async putOnMug(imageId: number) {
    await this.card(imageId)
      .getByRole("link", { name: /^(Put on a mug|Auf eine Tasse bringen):/ })
      .click();
    await this.page.waitForURL(/\/editor/);
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
