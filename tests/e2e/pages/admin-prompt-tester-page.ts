import { expect, type Locator, type Page } from "@playwright/test";

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The prompt tester (/admin/prompt-tester): a photo, several models at once, the generation settings,
 * master and specific prompt around an optional prompt with the composed text previewed; Run shows one
 * result card per model side by side; the run history below. Works in English and German.
 */
export class AdminPromptTesterPage {
  constructor(private readonly page: Page) {}

  async goto(query = "") {
    await this.page.goto(`/admin/prompt-tester${query}`);
    await expect(this.heading()).toBeVisible();
  }

  heading() {
    return this.page.getByRole("heading", { level: 1, name: /^(Prompt tester|Prompt-Tester)$/ });
  }

  form() {
    return this.page.getByTestId("tester-form");
  }

  async choosePhoto(file: string) {
    await this.page.getByTestId("tester-photo-input").setInputFiles(file);
    await expect(this.page.getByTestId("tester-photo-preview")).toBeVisible();
  }

  /** A model's checkbox, by the start of its display name (the label also holds its status badge). */
  modelCheckbox(displayName: string): Locator {
    return this.page.getByTestId("tester-models").getByRole("checkbox", { name: new RegExp(`^${literal(displayName)}(\\s|$)`) });
  }

  /** Ticks exactly these models (by display name) and unticks every other one. */
  async chooseModels(displayNames: string[]) {
    for (const box of await this.page.getByTestId("tester-models").getByRole("checkbox").all()) {
      if (await box.isEnabled()) await box.setChecked(false);
    }
    for (const name of displayNames) await this.modelCheckbox(name).check();
  }

  /** Chooses a prompt by (part of) its label ("number · title"). */
  async choosePrompt(label: string | RegExp) {
    const select = this.page.getByTestId("tester-prompt");
    const options = await select.locator("option").allTextContents();
    const match = options.find((o) => (typeof label === "string" ? o.includes(label) : label.test(o)));
    if (!match) throw new Error(`no prompt matches ${String(label)}`);
    await select.selectOption({ label: match });
  }

  masterPrompt() {
    return this.page.getByTestId("tester-master");
  }

  specificPrompt() {
    return this.page.getByTestId("tester-specific");
  }

  /** The composed prompt exactly as the models receive it. */
  preview() {
    return this.page.getByTestId("tester-preview");
  }

  async run() {
    await this.page.getByTestId("tester-run").click();
  }

  /** The placeholder cards while the models are asked. */
  running() {
    return this.page.getByTestId("tester-running");
  }

  /** The shown run's result cards. */
  resultCards(): Locator {
    return this.page.getByTestId("tester-results").locator(":scope > article");
  }

  /** The result card of one model, by its exact display name. */
  resultCard(displayName: string): Locator {
    return this.resultCards().filter({ has: this.page.getByRole("heading", { level: 3, name: displayName, exact: true }) });
  }

  /** The value next to a label ("Time" / "Zeit", "Cost estimate" / …) in a result card's facts. */
  private fact(card: Locator, index: number): Locator {
    return card.locator("dl > dd").nth(index);
  }

  duration(card: Locator) {
    return this.fact(card, 0);
  }

  cost(card: Locator) {
    return this.fact(card, 1);
  }

  /** The exact prompt text sent to this model (inside a collapsed details element). */
  promptSent(card: Locator) {
    return card.locator("details pre");
  }

  history() {
    return this.page.getByTestId("tester-history");
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
