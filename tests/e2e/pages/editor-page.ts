import { expect, type Locator, type Page } from "@playwright/test";

const BACK = /^(Back|Zurück)$/;

export class EditorPage {
  constructor(private readonly page: Page) {}

  async goto(path: string = "/") {
    await this.page.goto(path);
    await this.waitUntilRestored();
  }

  async waitUntilRestored() {
    await expect(this.root()).toBeVisible();
    await expect(this.root()).toHaveAttribute("data-restore", "ready");
  }

  async reload() {
    await this.page.reload();
    await this.waitUntilRestored();
  }

  startOverButton() {
    return this.page.getByTestId("start-over");
  }

  async startOver() {
    await this.startOverButton().click();
    const dialog = this.page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: /^(Start over|Neu beginnen)$/ }).click();
    await expect(dialog).toBeHidden();
  }

  async saved(): Promise<{ step: number; job: { id: string } | null; photo: { name: string } | null } | null> {
    return this.page.evaluate(() => {
      const raw = window.localStorage.getItem("mugshop.editor.v1");
      return raw ? JSON.parse(raw) : null;
    });
  }

  zoomSlider() {
    return this.page.getByRole("slider", { name: /^(Zoom)$/ });
  }

  progress() {
    return this.page.getByTestId("generation-progress");
  }

  elapsed() {
    return this.page.getByTestId("generation-elapsed");
  }

  reattachedNote() {
    return this.page.getByTestId("generation-reattached");
  }

  firstChoice() {
    return this.page.getByTestId("generated-choice").first();
  }

  root() {
    return this.page.getByTestId("editor");
  }

  async step(): Promise<string | null> {
    return this.root().getAttribute("data-step");
  }

  async expectStep(id: string) {
    await expect(this.root()).toHaveAttribute("data-step", id);
  }

  stepHeading() {
    return this.page.locator("#editor-step-heading");
  }

  nextButton() {
    return this.page.getByTestId("editor-next");
  }

  backButton() {
    return this.page.getByTestId("editor-back");
  }

  async next() {
    await expect(this.nextButton()).toBeEnabled();
    await this.nextButton().click();
  }

  async back() {
    await this.page.getByRole("button", { name: BACK }).click();
  }

  async upload(path: string) {
    await this.photoInput().setInputFiles(path);
    await this.setCrop();
  }

  photoInput() {
    return this.page.getByTestId("photo-input");
  }

  uploadError() {
    return this.page.getByTestId("upload-error");
  }

  async setCrop() {
    await expect(this.page.getByTestId("crop-area")).toBeVisible();
    await expect(this.page.getByTestId("crop-area").locator("img")).toBeVisible();
    await expect(this.nextButton()).toBeEnabled();
  }

  styleRadio(title: string): Locator {
    return this.page.getByRole("radio", { name: title, exact: true });
  }

  async chooseStyle(title: string) {
    await this.page.getByTestId("style-card").filter({ hasText: title }).click();
    await expect(this.styleRadio(title)).toBeChecked();
  }

  mugOption(name: string): Locator {
    return this.page.getByTestId("mug-option").filter({ hasText: name });
  }

  variantRadio(variant: string): Locator {
    return this.page.getByRole("radio", { name: variant, exact: true });
  }

  async chooseVariant(variant: string) {
    await this.page
      .getByTestId("variant-option")
      .filter({ hasText: new RegExp(`^${variant}$`) })
      .click();
    await expect(this.variantRadio(variant)).toBeChecked();
  }

  async chooseMug(name: string, variant: string) {
    const option = this.mugOption(name);
    await option.locator("label").first().click();
    await expect(option).toHaveAttribute("data-selected", "true");
    await this.chooseVariant(variant);
  }

  emailInput() {
    return this.page.getByLabel(/^(Email|E-Mail)/);
  }

  phoneInput() {
    return this.page.getByLabel(/^(Phone|Telefon)/);
  }

  async fillPersonal(data: { email: string; phone?: string; firstName?: string; lastName?: string }) {
    await this.emailInput().fill(data.email);
    if (data.phone !== undefined) await this.phoneInput().fill(data.phone);
    if (data.firstName !== undefined) await this.page.getByLabel(/^(First name|Vorname)/).fill(data.firstName);
    if (data.lastName !== undefined) await this.page.getByLabel(/^(Last name|Nachname)/).fill(data.lastName);
    await this.emailInput().press("Tab");
  }

  generateButton() {
    return this.page.getByTestId("generate-button");
  }

  generatedImages() {
    return this.page.getByTestId("generated-image");
  }

  generationError() {
    return this.page.getByTestId("generation-error");
  }

  async generate() {
    await this.generateButton().click();
    await expect(this.generatedImages().first()).toBeVisible({ timeout: 60_000 });
    await expect(this.generatedImages().first()).toHaveAttribute("data-selected", "true");
  }

  mugPreview() {
    return this.page.getByTestId("mug-view");
  }

  mug3d() {
    return this.page.getByTestId("mug-3d");
  }

  mug2d() {
    return this.page.getByTestId("mug-preview");
  }

  async previewMode(): Promise<string> {
    await expect(this.mugPreview()).toHaveAttribute("data-mode", /^(3d|2d)$/, { timeout: 30_000 });
    return (await this.mugPreview().getAttribute("data-mode")) ?? "";
  }

  async expectPreview(): Promise<string> {
    const view = this.mugPreview();
    await expect(view).toBeVisible();
    const url = (await view.getAttribute("data-image-url")) ?? "";
    expect(url).toBeTruthy();
    if ((await this.previewMode()) === "3d") {
      await expect(this.mug3d()).toBeVisible();
      await expect(this.mug2d()).toBeHidden();
      return url;
    }
    const svg = this.mug2d();
    await expect(svg).toBeVisible();
    await expect(svg.getByTestId("mug-body")).toBeVisible();
    await expect(svg.getByTestId("mug-handle")).toBeAttached();
    const print = svg.getByTestId("mug-print");
    await expect(print).toHaveAttribute("data-image-url", url);
    const images = print.locator("image");
    expect(await images.count()).toBeGreaterThan(4);
    await expect(images.first()).toHaveAttribute("href", url);
    return url;
  }

  addToCartButton() {
    return this.page.getByTestId("add-to-cart");
  }

  async addToCart() {
    await expect(this.addToCartButton()).toBeEnabled();
    await this.addToCartButton().click();
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
