import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { decodePart } from "../helpers/outbox";

export async function outboxMailsWith(text: string): Promise<string[]> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).sort();
  const out: string[] = [];
  for (const file of files) {
    const decoded = (await readFile(path.join(dir, file), "utf8"))
      .split(/^--.*$/m)
      .map(decodePart)
      .join("\n");
    if (decoded.includes(text)) out.push(decoded);
  }
  return out;
}

export async function orderLinkFromOutbox(orderNumber: string, subject: RegExp): Promise<{ path: string; mail: string }> {
  let found = { path: "", mail: "" };
  await expect
    .poll(async () => {
      const mails = (await outboxMailsWith(orderNumber)).filter((m) => subject.test(m));
      const mail = mails[mails.length - 1] ?? "";
      const link = /https?:\/\/[^\s"<>]+\/order-status\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
      found = link ? { path: new URL(link).pathname, mail } : { path: "", mail: "" };
      return found.path;
    })
    .not.toBe("");
  return found;
}

export class OrderStatusPage {
  constructor(private readonly page: Page) {}

  async open(linkPath: string) {
    await this.page.goto(linkPath);
  }

  root() {
    return this.page.getByTestId("guest-order");
  }

  orderNumber() {
    return this.page.getByTestId("order-number");
  }

  status() {
    return this.root().getByTestId("order-status");
  }

  paymentStatus() {
    return this.root().getByTestId("order-payment-status");
  }

  items() {
    return this.root().getByTestId("order-item");
  }

  invoiceButton() {
    return this.root().getByTestId("invoice-button");
  }

  creditNoteButton() {
    return this.root().getByTestId("credit-note-button");
  }

  cancelButton() {
    return this.root().getByTestId("cancel-order");
  }

  async cancel() {
    await this.cancelButton().click();
    const dialog = this.page.getByTestId("confirm-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: /^(Cancel order|Bestellung stornieren)$/ }).click();
    await expect(dialog).toBeHidden();
  }

  passwordForm() {
    return this.page.getByTestId("set-password");
  }

  checkMail() {
    return this.page.getByTestId("set-password-check-mail");
  }

  async setPassword(password: string, repeat = password) {
    const form = this.passwordForm();
    await form.getByTestId("set-password-input").fill(password);
    await form.getByTestId("set-password-repeat").fill(repeat);
    await form.getByTestId("set-password-submit").click();
  }

  invalid() {
    return this.page.getByTestId("order-link-invalid");
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
