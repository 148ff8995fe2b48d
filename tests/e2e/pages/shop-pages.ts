import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { EditorPage } from "./editor-page";
import { designInCart, paidOrderViaApi, registerCustomer } from "./shop-setup";

export const STATIC_SHOP_PAGES = ["/", "/editor", "/impressum", "/agb", "/datenschutz", "/widerruf", "/versand"] as const;

export async function samplePhoto(width = 1600, height = 1200): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "shop-pages-"));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#87ceeb"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#f4c27a"/><rect y="${height * 0.8}" width="${width}" height="${height * 0.2}" fill="#4caf50"/></svg>`;
  const file = path.join(dir, "photo.jpg");
  await writeFile(file, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
  return file;
}

export async function useLanguage(page: Page, locale: "en" | "de", baseURL: string) {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
}

export async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

export async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
}

export interface ShopperHistory {
  orderId: string;
  orderNumber: string;
}

export async function shopperWithHistory(page: Page): Promise<ShopperHistory> {
  const customer = await registerCustomer(page.request);
  const order = await paidOrderViaApi(page.request, customer);
  await designInCart(page.request, "customer");
  return order;
}

export function dataPages(history: ShopperHistory): string[] {
  return [
    "/cart",
    "/checkout",
    "/orders",
    "/my-images",
    `/order-success/${history.orderId}`,
    `/payment-failure?orderId=${history.orderId}`,
  ];
}

export async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByTestId(/-loading$/)).toHaveCount(0);
}

export async function walkEditor(page: Page, photo: string, atStep: (step: string) => Promise<void>) {
  const editor = new EditorPage(page);
  // The editor keeps work across reloads (localStorage and IndexedDB): start from an empty editor.
  await page.goto("/");
  await page.evaluate(async () => {
    localStorage.clear();
    const dbs = await indexedDB.databases();
    await Promise.all(
      dbs.map(
        (db) =>
          new Promise((resolve) => {
            const req = indexedDB.deleteDatabase(db.name ?? "");
            req.onsuccess = req.onerror = req.onblocked = () => resolve(null);
          }),
      ),
    );
  });
  await editor.goto("/");
  await editor.expectStep("upload");
  await atStep("upload");
  await editor.upload(photo);
  await atStep("crop");
  await editor.next();
  await editor.expectStep("style");
  await atStep("style");
  await page.getByTestId("style-card").first().click();
  await editor.next();
  await editor.expectStep("mug");
  await atStep("mug");
  await page.getByTestId("mug-option").first().locator("label").first().click();
  await page.getByTestId("variant-option").first().click();
  await editor.next();
  await editor.expectStep("personal");
  await atStep("personal");
  await editor.next();
  await editor.expectStep("generate");
  await atStep("generate");
  await editor.generate();
  await atStep("generated");
  await editor.next();
  await editor.expectStep("preview");
  await editor.expectPreview();
  await atStep("preview");
}
