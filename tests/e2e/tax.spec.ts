import { expect, test, type Page } from "./fixtures";
import { designInCart, registerGuest } from "./pages/shop-setup";
import { axeViolations } from "./helpers/axe";
import { ADMIN, LoginPage } from "./pages/login-page";

// One test for both languages: the switch is shop-wide, and parallel tests must not see it flip twice.
test("VAT rates: the owner's OSS switch saves on change and stays after a reload (de, en)", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto("/admin/vat");
  await login.signIn(ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/vat$/);
  const texts = {
    en: { label: "Charge EU consumers the VAT of their country (OSS)", saved: "Tax setting saved" },
    de: { label: "EU-Privatkunden die Umsatzsteuer ihres Landes berechnen (OSS)", saved: "Steuereinstellung gespeichert" },
  };
  const oss = page.getByTestId("oss-enabled");
  await expect(oss).not.toBeChecked();
  await expect(page.getByText(texts.en.label)).toBeVisible();
  await oss.check();
  await expect(page.getByText(texts.en.saved)).toBeVisible();
  await page.reload();
  await expect(oss).toBeChecked();

  await page.getByTestId("language-switch").first().selectOption("de");
  await expect(page.getByText(texts.de.label)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "horizontal overflow at 390 px").toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await oss.uncheck();
  await expect(page.getByText(texts.de.saved)).toBeVisible();
  await page.reload();
  await expect(oss).not.toBeChecked();
});

type OrderAnswer = { taxTreatment: string; taxCents: number; totalCents: number; taxLines: { ratePercent: number; taxCents: number }[] };

/** By field name, so the same steps fill the German and the English form. */
async function fillCheckout(page: Page, countryCode: string) {
  const field = (name: string) => page.locator(`[name="${name}"]`);
  await field("contact.firstName").fill("Vera");
  await field("contact.lastName").fill("Grenz");
  await field("shippingAddress.firstName").fill("Vera");
  await field("shippingAddress.lastName").fill("Grenz");
  await field("shippingAddress.street1").fill("Grenzweg 1");
  await field("shippingAddress.postalCode").fill("8001");
  await field("shippingAddress.city").fill("Zürich");
  await field("shippingAddress.countryCode").selectOption(countryCode);
  await field("cardNumber").fill("4242 4242 4242 4242");
  await field("cardExpiry").fill("12/34");
  await field("cardCvc").fill("123");
  await page.getByTestId("withdrawal-waiver").getByRole("checkbox").check();
}

async function buy(page: Page, countryCode: string, language: "en" | "de"): Promise<OrderAnswer> {
  await registerGuest(page.request);
  await designInCart(page.request, "guest");
  await page.goto("/checkout");
  if (language === "de") await page.getByTestId("language-switch").first().selectOption("de");
  await expect(page.getByTestId("pay-button")).toBeVisible();
  await fillCheckout(page, countryCode);
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/order-success\//, { timeout: 45_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  return (await (await page.request.get(`/api/user/orders/${orderId}`)).json()) as OrderAnswer;
}

test("buys to Switzerland without VAT (en) and to Austria at 20 % under OSS (de)", async ({ page, request }) => {
  await registerGuest(page.request);
  await designInCart(page.request, "guest");
  await page.goto("/checkout");
  await page.locator('[name="shippingAddress.countryCode"]').selectOption("CH");
  await expect(page.getByTestId("checkout-export-notice")).toContainText("Import duties and import VAT may be charged on delivery");
  await expect(page.getByTestId("total-vat")).toContainText("0.00");
  await expect(page.getByTestId("total-total")).toContainText("32.50");
  await page.getByTestId("language-switch").first().selectOption("de");
  await expect(page.getByTestId("checkout-export-notice")).toContainText("Einfuhr");

  const swiss = await buy(page, "CH", "en");
  expect(swiss).toMatchObject({ taxTreatment: "export", taxCents: 0, totalCents: 3250 });

  const admin = await request.post("/api/auth/login", { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(admin.status()).toBe(200);
  expect((await request.put("/api/admin/settings/tax", { data: { ossEnabled: true } })).status()).toBe(200);
  try {
    const austrian = await buy(page, "AT", "de");
    expect(austrian).toMatchObject({ taxTreatment: "oss", taxCents: 415, totalCents: 2489 });
    expect(austrian.taxLines.map((l) => l.ratePercent)).toEqual([20]);

    // The owner finds the sale in the quarter's OSS report, on a phone too.
    const login = new LoginPage(page);
    await login.goto("/admin/reports/oss");
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page.getByRole("heading", { level: 1, name: "OSS-Meldung" })).toBeVisible();
    await expect(page.getByTestId("oss-table").locator('tr[data-country="AT"]')).toContainText("20 %");
    await expect(page.getByTestId("oss-csv")).toHaveAttribute("href", /format=csv/);
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "horizontal overflow at 390 px").toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await request.put("/api/admin/settings/tax", { data: { ossEnabled: false } });
  }
});
