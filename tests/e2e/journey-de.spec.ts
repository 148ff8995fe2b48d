import { expect, test } from "./fixtures";
import { CartPage } from "./pages/cart-page";
import { OrderSuccessPage, TEST_CARDS } from "./pages/checkout-page";
import { EditorPage } from "./pages/editor-page";
import { samplePhoto } from "./pages/shop-pages";

test("ein Gast gestaltet auf Deutsch eine Tasse, bestellt und bezahlt sie", async ({ page }) => {
  const email = `reise-${Date.now()}@example.com`;
  const editor = new EditorPage(page);
  await editor.goto("/");

  // The language switch answers once the page is interactive: retried until the page is German.
  await expect(async () => {
    await page.getByTestId("language-switch").first().selectOption("de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestalte deine Tasse", { timeout: 2_000 });
  }).toPass();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toBeAttached();
  await expect(page.getByRole("heading", { name: "Diese Stile stehen zur Wahl" })).toBeVisible();
  await expect(page.getByTestId("landing-style").filter({ hasText: "Aquarell" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Beispielergebnis im Stil „Aquarell“" })).toBeVisible();
  // Other tests on this server may have added mugs: the landing shows every active one.
  const mug = page.getByTestId("landing-mug").filter({ hasText: "Klassische Tasse 250 ml" });
  await expect(mug.getByTestId("landing-mug-colours")).toContainText("Innen rot");
  await expect(mug.getByTestId("landing-mug-price")).toHaveText(/^\d+,\d{2}\s€$/);
  await expect(page.getByTestId("landing-fact-shipping")).toHaveText(/^Versand ab \d+,\d{2}\s€ · Versandkosten und Lieferländer$/);
  await expect(page.getByTestId("landing-fact-delivery")).toHaveText(/innerhalb von \d+–\d+ Werktagen$/);
  await expect(page.getByText("Foto auswählen")).toBeVisible();

  await editor.upload(await samplePhoto());
  await expect(page.getByTestId("landing")).toHaveCount(0);
  await editor.next();
  await expect(editor.stepHeading()).toHaveText("Stil wählen");
  await editor.chooseStyle("Aquarell");
  await editor.next();
  await expect(editor.stepHeading()).toHaveText("Tasse wählen");
  await editor.chooseMug("Klassische Tasse 250 ml", "Innen rot");
  await editor.next();
  await expect(editor.stepHeading()).toHaveText("Persönliche Daten");
  await expect(page.getByText(/^Du gestaltest als Gast\./)).toBeVisible();
  await editor.fillPersonal({ email, firstName: "Jana", lastName: "Reise" });
  await editor.next();
  await expect(editor.stepHeading()).toHaveText("Bilder erzeugen");
  await expect(editor.generateButton()).toHaveText("Erzeugen");
  await editor.generate();
  await editor.next();
  await expect(editor.stepHeading()).toHaveText("Produktvorschau");
  await editor.expectPreview();
  await expect(editor.addToCartButton()).toHaveText("In den Warenkorb");
  await editor.addToCart();

  await expect(page).toHaveURL(/\/cart$/);
  const cart = new CartPage(page);
  await expect(cart.heading()).toHaveText("Warenkorb");
  await expect(cart.items()).toHaveCount(1);
  await expect(cart.item()).toContainText("Klassische Tasse 250 ml");
  await expect(cart.item()).toContainText("Farbe: Innen rot");
  await expect(cart.item()).toContainText("Stil: Aquarell");
  await expect(cart.summary()).toContainText("Zwischensumme");
  await expect(cart.total()).toHaveText(/^Gesamt\s*\d+,\d{2}\s€$/);
  await cart.checkout();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kasse");
  const contact = page.getByTestId("contact");
  await contact.getByLabel(/^E-Mail/).fill(email);
  await contact.getByLabel(/^Vorname/).fill("Jana");
  await contact.getByLabel(/^Nachname/).fill("Reise");
  const shipping = page.getByTestId("shipping-address");
  await expect(shipping.getByRole("heading", { name: "Lieferadresse" }).or(shipping.getByText("Lieferadresse"))).toBeVisible();
  await shipping.getByLabel(/^Vorname/).fill("Jana");
  await shipping.getByLabel(/^Nachname/).fill("Reise");
  await shipping.getByLabel(/^Straße und Hausnummer/).fill("Torstraße 1");
  await shipping.getByLabel(/^Postleitzahl/).fill("10119");
  await shipping.getByLabel(/^Ort/).fill("Berlin");
  await page.getByLabel(/^Kartennummer/).fill(TEST_CARDS.success);
  await page.getByLabel(/^Ablaufdatum/).fill("12/34");
  await page.getByLabel(/^Prüfnummer/).fill("123");
  await page.getByTestId("withdrawal-waiver").getByRole("checkbox").check();
  const pay = page.getByTestId("pay-button");
  await expect(pay).toHaveText(/^(Zahlungspflichtig bestellen|\d+,\d{2}\s€ bezahlen)/);
  await pay.click();

  const { orderNumber } = await new OrderSuccessPage(page).expectShown();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Danke für deine Bestellung!");
  await expect(page.getByTestId("order-success-number")).toHaveText(`Deine Bestellnummer: ${orderNumber}`);
  await expect(page.getByText(`Die Bestellbestätigung mit der Rechnung senden wir an ${email}.`)).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Bestellung aufgegeben" })).toBeVisible();
});
