import { expect, type Locator, type Page } from "@playwright/test";
import { AdminListPage } from "./admin-list-page";

/** Bilingual accessible names of the prompt screens' buttons and links. */
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
  /** Category and subcategory by their visible name. */
  category?: string;
  subcategory?: string;
  /** The AI model by its visible label (offline models carry a suffix, so a RegExp helps). */
  llm?: string | RegExp;
  active?: boolean;
  archived?: boolean;
  /** A file to upload as the example image. */
  image?: string;
  styleText?: string;
  /** Slot type name → slot variant name ("" for none). */
  slots?: Record<string, string>;
}

/**
 * The admin prompt screens: the list (/admin/prompts) with its show-archived switch, filters, search
 * and delete; the form (/admin/prompts/new, /admin/prompts/{id}) with its live composed prompt; and the
 * prompt test modal. Inputs are found by their stable ids.
 */
export class AdminPromptsPage extends AdminListPage {
  constructor(page: Page) {
    super(page, "/admin/prompts");
  }

  // ── List ───────────────────────────────────────────────────────────────────────────────────────

  table() {
    return this.page.getByTestId("prompt-table");
  }

  /** A row by the prompt's English title. */
  row(title: string) {
    return this.table().locator(`tr[data-prompt-title="${title}"]`);
  }

  /** "current" (archived=false), "archived" (archived=true) or "all". */
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

  /** Deletes from the list and confirms; the toast says deleted or archived instead. */
  async deleteFromList(title: string) {
    await this.row(title).getByRole("button", { name: NAMES.delete }).click();
    await this.page.getByRole("dialog").getByRole("button", { name: NAMES.delete }).click();
  }

  // ── Form ───────────────────────────────────────────────────────────────────────────────────────

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

  /** The slot variant select of a slot type (by the slot type's name). */
  slotSelect(slotType: string) {
    return this.page.locator(`[data-slot-type="${slotType}"] select`);
  }

  /** The live composed prompt as the provider receives it. */
  previewText() {
    return this.page.getByTestId("prompt-preview-text");
  }

  fieldError(id: string) {
    return this.page.locator(`#prompt-${id}-error`);
  }

  async save() {
    await this.form().getByRole("button", { name: NAMES.save }).click();
  }

  /** Saves a new prompt and waits for its edit page; answers the new id. */
  async create(values: PromptInput): Promise<number> {
    await this.fill(values);
    await this.save();
    await expect(this.page).toHaveURL(/\/admin\/prompts\/\d+$/);
    return Number(new URL(this.page.url()).pathname.split("/").pop());
  }

  // ── Test modal ─────────────────────────────────────────────────────────────────────────────────

  testDialog() {
    return this.page.getByTestId("prompt-test-dialog");
  }

  async openTest() {
    await this.form().getByRole("button", { name: NAMES.testOpen }).click();
    await expect(this.testDialog()).toBeVisible();
  }

  /** Runs the test with a photo and the given models (by display name; default: the prompt's model as preselected). */
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
