import { expect, type Page } from "@playwright/test";

export class AdminListPage {
  constructor(
    protected readonly page: Page,
    private readonly path: string,
  ) {}

  async goto(query = "") {
    await this.page.goto(`${this.path}${query}`);
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  async search(q: string) {
    await this.page.getByTestId("list-search").fill(q);
    await this.page.getByTestId("list-search").press("Enter");
  }

  async filterCategory(name: string) {
    await this.page.getByTestId("list-filter-categoryId").selectOption({ label: name });
  }

  async sortBy(value: string) {
    await this.page.getByTestId("list-filter-sort").selectOption(value);
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
