import { expect, type Locator, type Page } from "@playwright/test";
import { AdminListPage } from "./admin-list-page";

const NAMES = {
  newMug: /^(New mug|Neue Tasse)$/,
  newShirt: /^(New T-shirt|Neues T-Shirt)$/,
  save: /^(Save|Speichern)$/,
  edit: /^(Edit|Bearbeiten)\b/,
  delete: /^(Delete|Löschen)\b/,
  cancel: /^(Cancel|Abbrechen)$/,
};

export interface MugVariantInput {
  name?: string;
  nameDe?: string;
  variantNumber?: string;
  outsideColor?: string;
  insideColor?: string;
  active?: boolean;
  isDefault?: boolean;
  image?: string;
}

export class AdminArticlesPage extends AdminListPage {
  constructor(page: Page) {
    super(page, "/admin/articles");
  }

  table() {
    return this.page.getByTestId("article-table");
  }

  row(name: string) {
    return this.table().locator(`tr[data-article-name="${name}"]`);
  }

  async filterType(type: "all" | "mug" | "shirt") {
    const label = { all: /^(All|Alle)$/, mug: /^(Mugs|Tassen)$/, shirt: /^(T-shirts|T-Shirts)$/ }[type];
    await this.page.getByTestId("article-type-filter").getByRole("link", { name: label }).click();
  }

  async newMug() {
    await this.page.getByTestId("new-mug").click();
    await expect(this.form()).toBeVisible();
  }

  async newShirt() {
    await this.page.getByTestId("new-shirt").click();
    await expect(this.form()).toBeVisible();
  }

  async openFromList(name: string) {
    await this.row(name).getByRole("link", { name: NAMES.edit }).click();
    await expect(this.form()).toBeVisible();
  }

  async deleteFromList(name: string) {
    await this.row(name).getByRole("button", { name: NAMES.delete }).click();
    await this.page.getByTestId("confirm-dialog").getByRole("button", { name: NAMES.delete }).click();
  }

  form() {
    return this.page.getByTestId("article-form");
  }

  tab(id: "general" | "mug" | "price" | "shirt" | "variants") {
    return this.page.getByTestId(`tab-${id}`);
  }

  async openTab(id: "general" | "mug" | "price" | "shirt" | "variants") {
    await this.tab(id).click();
  }

  field(id: string): Locator {
    return this.form().locator(`#${id}`);
  }

  fieldError(id: string): Locator {
    return this.form().locator(`#${id}-error`);
  }

  async fillGeneral(v: {
    name?: string;
    nameDe?: string;
    shortDescription?: string;
    shortDescriptionDe?: string;
    articleNumber?: string;
    active?: boolean;
    category?: string;
    subcategory?: string;
    supplier?: string;
  }) {
    await this.openTab("general");
    if (v.name !== undefined) await this.field("article-name").fill(v.name);
    if (v.nameDe !== undefined) await this.field("article-nameDe").fill(v.nameDe);
    if (v.shortDescription !== undefined) await this.field("article-shortDescription").fill(v.shortDescription);
    if (v.shortDescriptionDe !== undefined) await this.field("article-shortDescriptionDe").fill(v.shortDescriptionDe);
    if (v.articleNumber !== undefined) await this.field("article-articleNumber").fill(v.articleNumber);
    if (v.active !== undefined) await this.field("article-active").setChecked(v.active);
    if (v.category !== undefined) await this.field("article-categoryId").selectOption({ label: v.category });
    if (v.subcategory !== undefined) await this.field("article-subcategoryId").selectOption({ label: v.subcategory });
    if (v.supplier !== undefined) await this.field("article-supplierId").selectOption({ label: v.supplier });
  }

  async fillMugDetails(
    v: Partial<
      Record<
        | "heightMm"
        | "diameterMm"
        | "fillingQuantityMl"
        | "printTemplateWidthMm"
        | "printTemplateHeightMm"
        | "documentWidthMm"
        | "documentHeightMm"
        | "documentBottomMarginMm",
        string
      >
    > & { dishwasherSafe?: boolean },
  ) {
    await this.openTab("mug");
    for (const [key, value] of Object.entries(v)) {
      if (key === "dishwasherSafe") await this.field("mug-dishwasherSafe").setChecked(value as boolean);
      else if (value !== undefined) await this.field(`mug-${key}`).fill(String(value));
    }
  }

  async fillPrice(v: {
    purchasePrice?: string;
    purchaseCost?: string;
    purchaseCostPercent?: string;
    purchasePriceMode?: "NET" | "GROSS";
    purchaseUnit?: "UNIT" | "PACKAGE";
    unitsPerPackage?: string;
    salesMargin?: string;
    salesMarginPercent?: string;
    salesTotal?: string;
    salesPriceMode?: "NET" | "GROSS";
    salesVat?: string;
  }) {
    await this.openTab("price");
    const text: [keyof typeof v, string][] = [
      ["purchasePrice", "price-purchasePrice"],
      ["purchaseCost", "price-purchaseCost"],
      ["purchaseCostPercent", "price-purchaseCostPercent"],
      ["salesMargin", "price-salesMargin"],
      ["salesMarginPercent", "price-salesMarginPercent"],
      ["salesTotal", "price-salesTotal"],
    ];
    if (v.purchasePriceMode) await this.field("price-purchasePriceMode").selectOption(v.purchasePriceMode);
    if (v.purchaseUnit) await this.field("price-purchasePriceUnit").selectOption(v.purchaseUnit);
    if (v.unitsPerPackage !== undefined) await this.field("price-purchaseUnitsPerPackage").fill(v.unitsPerPackage);
    if (v.salesPriceMode) await this.field("price-salesPriceMode").selectOption(v.salesPriceMode);
    if (v.salesVat) await this.field("price-salesVatRateId").selectOption({ label: v.salesVat });
    for (const [key, id] of text) {
      const value = v[key];
      if (typeof value === "string") await this.field(id).fill(value);
    }
  }

  shopPrice() {
    return this.page.getByTestId("shop-price-gross");
  }

  purchaseTotal() {
    return this.page.getByTestId("price-purchase-total");
  }

  async fillShirtDetails(v: { material?: string; careInstructions?: string; fitType?: "LOOSE" | "REGULAR" | "SLIM"; sizes?: string[] }) {
    await this.openTab("shirt");
    if (v.material !== undefined) await this.field("shirt-material").fill(v.material);
    if (v.careInstructions !== undefined) await this.field("shirt-careInstructions").fill(v.careInstructions);
    if (v.fitType) await this.field("shirt-fitType").selectOption(v.fitType);
    if (v.sizes) {
      const group = this.page.getByTestId("shirt-sizes");
      for (const box of await group.getByRole("checkbox").all()) {
        const size = ((await box.locator("xpath=..").textContent()) ?? "").trim();
        await box.setChecked(v.sizes.includes(size));
      }
    }
  }

  async save() {
    await this.page.getByTestId("article-save").click();
  }

  async saveNew(): Promise<number> {
    await this.save();
    await this.page.waitForURL(/\/admin\/articles\/\d+$/);
    await expect(this.form()).toBeVisible();
    return Number(new URL(this.page.url()).pathname.split("/").pop());
  }

  variantList() {
    return this.page.getByTestId("mug-variant-list");
  }

  variantRow(name: string) {
    return this.page.locator(`[data-testid="mug-variant-row"][data-variant-name="${name}"]`);
  }

  variantDialog() {
    return this.page.getByTestId("mug-variant-dialog");
  }

  async fillVariant(v: MugVariantInput) {
    const d = this.variantDialog();
    if (v.name !== undefined) await d.locator("#variant-name").fill(v.name);
    if (v.nameDe !== undefined) await d.locator("#variant-nameDe").fill(v.nameDe);
    if (v.variantNumber !== undefined) await d.locator("#variant-articleVariantNumber").fill(v.variantNumber);
    if (v.outsideColor !== undefined) await d.locator("#variant-outsideColor").fill(v.outsideColor);
    if (v.insideColor !== undefined) await d.locator("#variant-insideColor").fill(v.insideColor);
    if (v.active !== undefined) await d.locator("#variant-active").setChecked(v.active);
    if (v.isDefault !== undefined && (await d.locator("#variant-isDefault").isEnabled()))
      await d.locator("#variant-isDefault").setChecked(v.isDefault);
    if (v.image) {
      await d.locator("#variant-image-file").setInputFiles(v.image);
      await expect(d.getByTestId("variant-crop-area")).toBeVisible();
    }
  }

  async dragCrop(dx: number, dy: number) {
    const area = this.variantDialog().getByTestId("variant-crop-area");
    await area.scrollIntoViewIfNeeded();
    const box = await area.boundingBox();
    if (!box) throw new Error("the crop area is not visible");
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: 8 });
    await this.page.mouse.up();
  }

  async previewImageUrl(): Promise<string | null> {
    return this.variantDialog().getByTestId("mug-print").getAttribute("data-image-url");
  }

  async saveVariant() {
    await this.page.getByTestId("mug-variant-save").click();
  }

  async addMugVariant(v: MugVariantInput & { name: string }) {
    await this.openTab("variants");
    await this.page.getByTestId("mug-variant-add").click();
    await expect(this.variantDialog()).toBeVisible();
    await this.fillVariant(v);
    await this.saveVariant();
    await expect(this.variantDialog()).toBeHidden();
    await expect(this.variantRow(v.name)).toBeVisible();
  }

  async editMugVariant(name: string, v: MugVariantInput) {
    await this.variantRow(name).getByRole("button", { name: NAMES.edit }).click();
    await this.fillVariant(v);
    await this.saveVariant();
  }

  async deleteMugVariant(name: string) {
    await this.variantRow(name).getByRole("button", { name: NAMES.delete }).click();
    await this.page.getByTestId("confirm-dialog").getByRole("button", { name: NAMES.delete }).click();
  }

  variantPreview() {
    return this.variantDialog().getByTestId("mug-preview");
  }

  copyDialog() {
    return this.page.getByTestId("copy-variants-dialog");
  }

  async openCopyVariants() {
    await this.openTab("variants");
    await this.page.getByTestId("mug-variant-copy").click();
  }

  async copyVariants(from: string, variantNames: string[]) {
    const group = this.copyDialog().getByRole("group", { name: new RegExp(`^${from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`) });
    for (const name of variantNames) await group.getByRole("checkbox", { name, exact: true }).check();
    await this.page.getByTestId("copy-variants-submit").click();
  }

  shirtVariantRows() {
    return this.page.getByTestId("shirt-variant-row");
  }

  async addShirtVariant(v: { color: string; colorDe?: string; size: string }) {
    await this.openTab("variants");
    await this.page.getByTestId("shirt-variant-add").click();
    const d = this.page.getByTestId("shirt-variant-dialog");
    await d.locator("#shirt-variant-color").fill(v.color);
    if (v.colorDe !== undefined) await d.locator("#shirt-variant-colorDe").fill(v.colorDe);
    await d.locator("#shirt-variant-size").selectOption(v.size);
    await this.page.getByTestId("shirt-variant-save").click();
  }
}
