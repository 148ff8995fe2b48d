import { expect, type Locator, type Page } from "@playwright/test";

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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

  modelCheckbox(displayName: string): Locator {
    return this.page.getByTestId("tester-models").getByRole("checkbox", { name: new RegExp(`^${literal(displayName)}(\\s|$)`) });
  }

  async chooseModels(displayNames: string[]) {
    for (const box of await this.page.getByTestId("tester-models").getByRole("checkbox").all()) {
      if (await box.isEnabled()) await box.setChecked(false);
    }
    for (const name of displayNames) await this.modelCheckbox(name).check();
  }

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

  preview() {
    return this.page.getByTestId("tester-preview");
  }

  async run() {
    await this.page.getByTestId("tester-run").click();
  }

  running() {
    return this.page.getByTestId("tester-running");
  }

  resultCards(): Locator {
    return this.page.getByTestId("tester-results").locator(":scope > article");
  }

  resultCard(displayName: string): Locator {
    return this.resultCards().filter({ has: this.page.getByRole("heading", { level: 3, name: displayName, exact: true }) });
  }

  private fact(card: Locator, index: number): Locator {
    return card.locator("dl > dd").nth(index);
  }

  duration(card: Locator) {
    return this.fact(card, 0);
  }

  cost(card: Locator) {
    return this.fact(card, 1);
  }

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
