import { expect, type Page } from "@playwright/test";

export class VatPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/admin/vat");
    await expect(this.table()).toBeVisible();
  }

  table() {
    return this.page.getByTestId("vat-table");
  }

  row(name: string) {
    return this.table()
      .getByRole("row")
      .filter({ has: this.page.getByRole("cell", { name, exact: true }) });
  }

  async fillForm(values: { name?: string; nameDe?: string; percent?: string; description?: string; isDefault?: boolean }) {
    const form = this.page.getByTestId("vat-form");
    if (values.name !== undefined) await form.getByLabel(/^Name \((English|Englisch)\)/).fill(values.name);
    if (values.nameDe !== undefined) await form.getByLabel(/^Name \((German|Deutsch)\)/).fill(values.nameDe);
    if (values.percent !== undefined) await form.getByLabel(/^(Percent|Prozent)/).fill(values.percent);
    if (values.description !== undefined) await form.getByLabel(/^(Description|Beschreibung)/).fill(values.description);
    if (values.isDefault !== undefined) await form.getByRole("checkbox").setChecked(values.isDefault);
  }

  async save() {
    await this.page
      .getByTestId("vat-form")
      .getByRole("button", { name: /^(Save|Speichern)$/ })
      .click();
  }

  async create(values: { name: string; nameDe?: string; percent: string; description?: string }) {
    await this.page.getByRole("link", { name: /^(New VAT rate|Neuer Steuersatz)$/ }).click();
    await this.fillForm(values);
    await this.save();
    await expect(this.page).toHaveURL(/\/admin\/vat$/);
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
