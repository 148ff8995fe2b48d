import { expect, type Locator, type Page } from "@playwright/test";

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const SCREENS = {
  article: { path: "/admin/article-categories", heading: /^(Article categories|Artikelkategorien)$/ },
  prompt: { path: "/admin/prompt-categories", heading: /^(Prompt categories|Prompt-Kategorien)$/ },
} as const;

export class AdminCategoriesPage {
  constructor(
    private readonly page: Page,
    private readonly screen: keyof typeof SCREENS = "article",
  ) {}

  async goto() {
    await this.page.goto(SCREENS[this.screen].path);
    await expect(this.heading()).toBeVisible();
  }

  heading() {
    return this.page.getByRole("heading", { level: 1, name: SCREENS[this.screen].heading });
  }

  list() {
    return this.page.getByTestId("category-list");
  }

  category(name: string): Locator {
    return this.list()
      .locator(":scope > li")
      .filter({ has: this.page.getByRole("heading", { level: 2, name, exact: true }) });
  }

  async categoryId(name: string): Promise<number> {
    const testId = (await this.category(name).getAttribute("data-testid")) ?? "";
    const id = Number(/^category-(\d+)$/.exec(testId)?.[1]);
    expect(id, `category id of "${name}"`).toBeGreaterThan(0);
    return id;
  }

  subcategory(categoryName: string, name: string): Locator {
    return this.category(categoryName)
      .locator('li[data-testid^="subcategory-row-"]')
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  newCategoryLink() {
    return this.page.getByRole("link", { name: /^(New category|Neue Kategorie)$/ }).first();
  }

  form(kind: "category" | "subcategory" = "category") {
    return this.page.getByTestId(`${kind}-form`);
  }

  nameInput(kind: "category" | "subcategory" = "category") {
    return this.form(kind).getByLabel(/^Name/);
  }

  descriptionInput(kind: "category" | "subcategory" = "category") {
    return this.form(kind).getByLabel(/^(Description|Beschreibung)/);
  }

  nameCounter(kind: "category" | "subcategory" = "category") {
    return this.form(kind).locator('[data-testid$="-name-counter"]');
  }

  nameError(kind: "category" | "subcategory" = "category") {
    return this.form(kind).locator('[id$="-name-error"]');
  }

  async openNewCategory() {
    await this.newCategoryLink().click();
    await expect(this.form("category")).toBeVisible();
  }

  async openNewSubcategory(categoryName: string) {
    await this.category(categoryName)
      .getByRole("link", {
        name: new RegExp(`^(Add a subcategory to ${literal(categoryName)}|Unterkategorie zu ${literal(categoryName)} hinzufügen)$`),
      })
      .click();
    await expect(this.form("subcategory")).toBeVisible();
  }

  async openEdit(name: string, kind: "category" | "subcategory" = "category") {
    const root = kind === "category" ? this.category(name) : this.list();
    await root
      .getByRole("link", { name: new RegExp(`^(Edit ${literal(name)}|${literal(name)} bearbeiten)$`) })
      .first()
      .click();
    await expect(this.form(kind)).toBeVisible();
  }

  async fill(values: { name?: string; description?: string }, kind: "category" | "subcategory" = "category") {
    if (values.name !== undefined) await this.nameInput(kind).fill(values.name);
    if (values.description !== undefined) await this.descriptionInput(kind).fill(values.description);
  }

  async save(kind: "category" | "subcategory" = "category") {
    await this.form(kind)
      .getByRole("button", { name: /^(Save|Speichern)$/ })
      .click();
  }

  async createCategory(values: { name: string; description?: string }) {
    await this.openNewCategory();
    await this.fill(values, "category");
    await this.save("category");
    await expect(this.form("category")).toHaveCount(0);
    await expect(this.category(values.name)).toBeVisible();
  }

  async createSubcategory(categoryName: string, values: { name: string; description?: string }) {
    await this.openNewSubcategory(categoryName);
    await this.fill(values, "subcategory");
    await this.save("subcategory");
    await expect(this.form("subcategory")).toHaveCount(0);
    await expect(this.subcategory(categoryName, values.name)).toBeVisible();
  }

  async askDelete(name: string) {
    await this.list()
      .getByRole("button", { name: new RegExp(`^(Delete ${literal(name)}|${literal(name)} löschen)$`) })
      .click();
    await expect(this.confirmDialog()).toBeVisible();
  }

  confirmDialog() {
    return this.page.getByTestId("confirm-dialog");
  }

  async confirmDelete() {
    await this.confirmDialog()
      .getByRole("button", { name: /^(Delete|Löschen)$/ })
      .click();
  }

  async delete(name: string) {
    await this.askDelete(name);
    await this.confirmDelete();
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
