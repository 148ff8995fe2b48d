import { expect, type Locator, type Page } from "@playwright/test";

const NAMES = {
  addType: /^(Add slot type|Slot-Typ hinzufügen)$/,
  newVariant: /^(New slot variant|Neue Slot-Variante)$/,
  save: /^(Save|Speichern)$/,
};

const placeText = (place: number, total: number) => new RegExp(`(place|Platz) ${place} (of|von) ${total}\\b`);

export interface SlotTypeRow {
  id: number;
  name: string;
  position: number;
}

export interface SlotVariantInput {
  name?: string;
  slotType?: string;
  llm?: string | RegExp;
  prompt?: string;
  description?: string;
  image?: string;
}

export class AdminSlotsPage {
  constructor(private readonly page: Page) {}

  async gotoTypes() {
    await this.page.goto("/admin/slot-types");
    await expect(this.typesHeading()).toBeVisible();
  }

  typesHeading() {
    return this.page.getByRole("heading", { level: 1, name: /^(Slot types|Slot-Typen)$/ });
  }

  typeList() {
    return this.page.getByTestId("slot-type-list");
  }

  typeRow(name: string): Locator {
    return this.typeList().locator(`:scope > li[data-slot-type-name="${name.replace(/"/g, '\\"')}"]`);
  }

  handle(name: string): Locator {
    return this.typeRow(name).locator('[data-testid^="slot-type-handle-"]');
  }

  async typeOrder(): Promise<string[]> {
    return this.typeList()
      .locator(":scope > li")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-slot-type-name") ?? ""));
  }

  async expectTypeOrder(names: string[]) {
    await expect.poll(() => this.typeOrder()).toEqual(names);
  }

  async createType(name: string) {
    const form = this.page.getByTestId("slot-type-create");
    await form.getByLabel(/^(Name of a new slot type|Name eines neuen Slot-Typs)/).fill(name);
    await form.getByRole("button", { name: NAMES.addType }).click();
    await expect(this.typeRow(name)).toBeVisible();
  }

  async dragType(name: string, ontoName: string) {
    await this.typeList().scrollIntoViewIfNeeded();
    const viewport = this.page.viewportSize();
    const handle = await this.handle(name).boundingBox();
    const row = await this.typeRow(name).boundingBox();
    const target = await this.typeRow(ontoName).boundingBox();
    if (!handle || !row || !target) throw new Error(`slot type rows "${name}" / "${ontoName}" are not visible`);
    for (const box of [row, target]) {
      if (viewport && (box.y < 0 || box.y + box.height > viewport.height))
        throw new Error(`drag from "${name}" to "${ontoName}": both rows must fit in the viewport`);
    }
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    const dy = target.y + target.height / 2 - (row.y + row.height / 2);
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    // Past the PointerSensor's 4 px activation distance first, then the rest of the way.
    await this.page.mouse.move(x, y + Math.sign(dy) * 8, { steps: 4 });
    await this.page.mouse.move(x, y + dy, { steps: 25 });
    await this.page.mouse.up();
  }

  async liftTypeWithKeyboard(name: string): Promise<{ place: number; total: number }> {
    const order = await this.typeOrder();
    const total = order.length;
    const place = order.indexOf(name) + 1;
    expect(place, `slot type "${name}" is listed`).toBeGreaterThan(0);
    const handle = this.handle(name);
    await handle.focus();
    await expect(handle).toBeFocused();
    await this.page.keyboard.press("Space");
    await expect(this.announcement(name).filter({ hasText: placeText(place, total) })).toHaveCount(1);
    await this.keyboardSensorReady();
    return { place, total };
  }

  // dnd-kit's keyboard sensor listens only after a setTimeout and measures in layout effects:
  // a queued timeout and two animation frames let both run before the next key.
  async keyboardSensorReady() {
    await this.page.evaluate(
      () => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0)),
    );
  }

  async moveTypeWithKeyboard(name: string, direction: "up" | "down", steps: number) {
    const { place, total } = await this.liftTypeWithKeyboard(name);
    let at = place;
    for (let i = 0; i < steps; i++) {
      await this.page.keyboard.press(direction === "up" ? "ArrowUp" : "ArrowDown");
      at += direction === "up" ? -1 : 1;
      // dnd-kit measures the new place before the next key counts: wait for it to be announced.
      await expect(this.announcement(/(moved to place|verschoben)/).filter({ hasText: placeText(at, total) })).toHaveCount(1);
      await this.keyboardSensorReady();
    }
    await this.page.keyboard.press("Space");
    await expect(this.announcement(/(dropped in place|abgelegt)/).filter({ hasText: placeText(at, total) })).toHaveCount(1);
  }

  announcement(text: RegExp | string): Locator {
    return this.page.locator('[id^="DndLiveRegion"]').filter({ hasText: text });
  }

  async expectOrderSaved() {
    await expect(this.toast(/^(Order of the slot types saved|Reihenfolge der Slot-Typen gespeichert)/).last()).toBeVisible();
    await expect(this.typeList()).toHaveAttribute("aria-busy", "false");
  }

  async storedTypes(): Promise<SlotTypeRow[]> {
    const res = await this.page.request.get("/api/admin/prompts/prompt-slot-types");
    expect(res.ok(), `GET slot types answered ${res.status()}`).toBe(true);
    return ((await res.json()) as SlotTypeRow[]).map(({ id, name, position }) => ({ id, name, position }));
  }

  async gotoVariants(query = "") {
    await this.page.goto(`/admin/slot-variants${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: /^(Slot variants|Slot-Varianten)$/ })).toBeVisible();
  }

  async newVariant() {
    await this.page.getByRole("link", { name: NAMES.newVariant }).first().click();
    await expect(this.variantForm()).toBeVisible();
  }

  variantForm() {
    return this.page.getByTestId("slot-variant-form");
  }

  variantField(id: "name" | "slotTypeId" | "llmId" | "prompt" | "description"): Locator {
    return this.page.locator(`#slot-variant-${id}`);
  }

  async fillVariant(values: SlotVariantInput) {
    if (values.name !== undefined) await this.variantField("name").fill(values.name);
    if (values.slotType !== undefined) await this.variantField("slotTypeId").selectOption({ label: values.slotType });
    if (values.llm !== undefined) {
      const llm = values.llm;
      if (typeof llm === "string") await this.variantField("llmId").selectOption({ label: llm });
      else {
        const label = (await this.variantField("llmId").locator("option").allTextContents()).find((l) => llm.test(l));
        if (!label) throw new Error(`no AI model matches ${llm}`);
        await this.variantField("llmId").selectOption({ label });
      }
    }
    if (values.prompt !== undefined) await this.variantField("prompt").fill(values.prompt);
    if (values.description !== undefined) await this.variantField("description").fill(values.description);
    if (values.image !== undefined) {
      await this.page.locator("#slot-image-file").setInputFiles(values.image);
      await expect(this.page.getByTestId("slot-crop-area").locator("img")).toBeVisible();
    }
  }

  async saveVariant() {
    await this.variantForm().getByRole("button", { name: NAMES.save }).click();
  }

  variantTable() {
    return this.page.getByTestId("slot-variant-table");
  }

  variantRow(name: string): Locator {
    return this.variantTable()
      .locator('tr[data-testid^="slot-variant-row-"]')
      .filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
