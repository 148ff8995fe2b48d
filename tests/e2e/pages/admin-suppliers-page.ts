import { expect, type Locator, type Page } from "@playwright/test";

export type SupplierField =
  | "companyName"
  | "website"
  | "title"
  | "firstName"
  | "lastName"
  | "email"
  | "street"
  | "houseNumber"
  | "postalCode"
  | "city"
  | "countryCode"
  | "phone1"
  | "phone2"
  | "phone3";

export type SupplierValues = Partial<Record<SupplierField, string>>;

export class AdminSuppliersPage {
  constructor(private readonly page: Page) {}

  async goto(q?: string) {
    await this.page.goto(q ? `/admin/suppliers?q=${encodeURIComponent(q)}` : "/admin/suppliers");
    await expect(this.heading()).toBeVisible();
  }

  heading() {
    return this.page.getByRole("heading", { level: 1, name: /^(Suppliers|Lieferanten)$/ });
  }

  table() {
    return this.page.getByTestId("supplier-table");
  }

  row(companyName: string): Locator {
    return this.table()
      .locator('tr[data-testid^="supplier-row-"]')
      .filter({ has: this.page.getByText(companyName, { exact: true }) });
  }

  searchInput() {
    return this.page.getByTestId("list-search");
  }

  async search(q: string) {
    await this.searchInput().fill(q);
    await this.searchInput().press("Enter");
    await expect(this.page).toHaveURL((url) => url.searchParams.get("q") === q.trim());
  }

  newSupplierLink() {
    return this.page.getByRole("link", { name: /^(New supplier|Neuer Lieferant)$/ }).first();
  }

  async openNew() {
    await this.newSupplierLink().click();
    await expect(this.form()).toBeVisible();
  }

  form() {
    return this.page.getByTestId("supplier-form");
  }

  input(field: SupplierField) {
    return this.form().locator(`#supplier-${field}`);
  }

  fieldError(field: SupplierField) {
    return this.form().locator(`#supplier-${field}-error`);
  }

  async fill(values: SupplierValues) {
    for (const [field, value] of Object.entries(values) as [SupplierField, string][]) {
      if (field === "countryCode") await this.input(field).selectOption(value);
      else await this.input(field).fill(value);
    }
  }

  async save() {
    await this.form()
      .getByRole("button", { name: /^(Save|Speichern)$/ })
      .click();
  }

  async create(values: SupplierValues & { companyName: string }) {
    await this.openNew();
    await this.fill(values);
    await this.save();
    await expect(this.page).toHaveURL(/\/admin\/suppliers$/);
  }

  async openEdit(companyName: string) {
    await this.row(companyName)
      .getByRole("link", { name: new RegExp(`^(Edit|Bearbeiten) ${companyName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) })
      .click();
    await expect(this.form()).toBeVisible();
  }

  confirmDialog() {
    return this.page.getByTestId("confirm-dialog");
  }

  async delete(companyName: string) {
    await this.row(companyName)
      .getByRole("button", { name: /^(Delete|Löschen) / })
      .click();
    await expect(this.confirmDialog()).toBeVisible();
    await this.confirmDialog()
      .getByRole("button", { name: /^(Delete|Löschen)$/ })
      .click();
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
