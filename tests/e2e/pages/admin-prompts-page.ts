import { expect, type Locator, type Page } from "@playwright/test";
import { AdminListPage } from "./admin-list-page";

const NAMES = {
  newPrompt: /^(New prompt|Neuer Prompt)$/,
  save: /^(Save|Speichern)$/,
  edit: /^(Edit|Bearbeiten)\b/,
  delete: /^(Delete|Löschen)\b/,
  testOpen: /^(Test prompt|Prompt testen)$/,
  run: /^(Run test|Test starten)$/,
  close: /^(Close|Schließen)$/,
};

export interface PromptInput {
  title?: string;
  titleDe?: string;
  description?: string;
  descriptionDe?: string;
  promptNumber?: string;
  category?: string;
  subcategory?: string;
  llm?: string | RegExp;
  active?: boolean;
  archived?: boolean;
  image?: string;
  styleText?: string;
  slots?: Record<string, string>;
}

export class AdminPromptsPage extends AdminListPage {
  constructor(page: Page) {
    super(page, "/admin/prompts");
  }

  table() {
    return this.page.getByTestId("prompt-table");
  }

  row(title: string) {
    return this.table().locator(`tr[data-prompt-title="${title}"]`);
  }

  async showArchived(state: "current" | "archived" | "all") {
    const value = { current: "false", archived: "true", all: "all" }[state];
    await this.page.getByTestId("prompt-archived-switch").locator(`a[data-state="${value}"]`).click();
    await expect(this.page.getByTestId("prompt-archived-switch").locator(`a[data-state="${value}"]`)).toHaveAttribute(
      "aria-current",
      "page",
    );
  }

  async newPrompt() {
    await this.page.getByRole("link", { name: NAMES.newPrompt }).first().click();
    await expect(this.form()).toBeVisible();
  }

  async openFromList(title: string) {
    await this.row(title).getByRole("link", { name: NAMES.edit }).click();
    await expect(this.form()).toBeVisible();
  }

  async deleteFromList(title: string) {
    await this.row(title).getByRole("button", { name: NAMES.delete }).click();
    await this.page.getByRole("dialog").getByRole("button", { name: NAMES.delete }).click();
  }

  form() {
    return this.page.getByTestId("prompt-form");
  }

  field(id: string): Locator {
    return this.page.locator(`#prompt-${id}`);
  }

  async fill(values: PromptInput) {
    const texts = ["title", "titleDe", "description", "descriptionDe", "promptNumber", "styleText"] as const;
    for (const key of texts) if (values[key] !== undefined) await this.field(key).fill(values[key] ?? "");
    if (values.category !== undefined) await this.field("categoryId").selectOption({ label: values.category });
    if (values.subcategory !== undefined) await this.field("subcategoryId").selectOption({ label: values.subcategory });
    if (values.llm !== undefined) {
      const llm = values.llm;
      if (typeof llm === "string") await this.field("llmId").selectOption({ label: llm });
      else {
        const label = (await this.field("llmId").locator("option").allTextContents()).find((l) => llm.test(l));
        if (!label) throw new Error(`no AI model matches ${llm}`);
        await this.field("llmId").selectOption({ label });
      }
    }
    if (values.active !== undefined) await this.field("active").setChecked(values.active);
    if (values.archived !== undefined) await this.field("archived").setChecked(values.archived);
    if (values.image !== undefined) {
      await this.field("exampleImage").setInputFiles(values.image);
      await expect(this.page.getByTestId("prompt-example-pending")).toBeVisible();
    }
    for (const [type, variant] of Object.entries(values.slots ?? {}))
      await this.slotSelect(type).selectOption(variant === "" ? "" : { label: variant });
  }

  slotSelect(slotType: string) {
    return this.page.locator(`[data-slot-type="${slotType}"] select`);
  }

  previewText() {
    return this.page.getByTestId("prompt-preview-text");
  }

  fieldError(id: string) {
    return this.page.locator(`#prompt-${id}-error`);
  }

  async save() {
    await this.form().getByRole("button", { name: NAMES.save }).click();
  }

  async create(values: PromptInput): Promise<number> {
    await this.fill(values);
    await this.save();
    await expect(this.page).toHaveURL(/\/admin\/prompts\/\d+$/);
    return Number(new URL(this.page.url()).pathname.split("/").pop());
  }

  testDialog() {
    return this.page.getByTestId("prompt-test-dialog");
  }

  async openTest() {
    await this.form().getByRole("button", { name: NAMES.testOpen }).click();
    await expect(this.testDialog()).toBeVisible();
  }

  async runTest(photo: string, models?: string[]) {
    const dialog = this.testDialog();
    await dialog.locator("#prompt-test-photo").setInputFiles(photo);
    if (models) {
      for (const box of await dialog.getByRole("checkbox").all()) await box.setChecked(false);
      for (const name of models)
        await dialog.getByRole("checkbox", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) }).check();
    }
    await dialog.getByRole("button", { name: NAMES.run }).click();
  }

  testResults() {
    return this.testDialog().getByTestId("prompt-test-result");
  }

  async closeTest() {
    await this.testDialog().getByRole("button", { name: NAMES.close }).click();
    await expect(this.testDialog()).toBeHidden();
  }
}
